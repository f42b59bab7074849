/**
 * The examinee's address of a share: the gateway's public (kiosk) listener on this host, plain http
 * (README: the kiosk port stays on http) on KIOSK_PORT, 8081 unless the installation moved it.
 */
export const PUBLIC_LISTENER_PORT = 8081;

export const shareLinkUrl = (path: string, hostname: string = window.location.hostname) =>
  `http://${hostname}:${PUBLIC_LISTENER_PORT}${path}`;
