/** One block of a text/event-stream answer. */
export interface StreamFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

function parseFrame(block: string): StreamFrame {
  const frame: StreamFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else if (line.startsWith('id: ')) frame.id = line.slice(4);
    else if (line.startsWith('event: ')) frame.event = line.slice(7);
    else if (line.startsWith('data: ')) frame.data = line.slice(6);
  }
  return frame;
}

export interface EventStreamClient {
  status: number;
  contentType: string | null;
  /** The next frame that matches, waiting for it; frames before it are passed over. */
  next(match?: (frame: StreamFrame) => boolean, timeoutMs?: number): Promise<StreamFrame>;
  /** Every frame received so far. */
  frames: StreamFrame[];
  close(): void;
}

/** Reads a server-sent event stream over real HTTP, as a browser's EventSource would. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const frames: StreamFrame[] = [];
  let cursor = 0;
  const waiter: { wake?: () => void } = {};
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        waiter.wake?.();
      }
    } catch {
      // closed by the test
    }
  })();

  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    frames,
    async next(match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (cursor < frames.length) {
          const frame = frames[cursor++]!;
          if (match(frame)) return frame;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => controller.abort(),
  };
}
