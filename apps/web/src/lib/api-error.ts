/** The one error shape of every failed call, whatever went wrong (STYLE §5). */
export class ApiError extends Error {
  /** Envelope status when the server answered one, else the HTTP status, else 0 (no answer). */
  readonly status: number;
  readonly url: string;

  constructor(status: number, message: string, url: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.url = url;
  }
}
