/**
 * The `data` of each server-sent event of a byte stream. Parsing is eventsource-parser's (a small,
 * well-kept, spec-following parser), not ours: comments (our keep-alives), multi-line data and
 * split chunks are its business.
 */
import { createParser } from 'eventsource-parser';

export async function* readJobEvents(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  const queue: string[] = [];
  const parser = createParser({ onEvent: (event) => void queue.push(event.data) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        return; // the connection dropped (or was aborted): the stream just ends
      }
      if (chunk.done) return;
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      while (queue.length) yield queue.shift()!;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    cancel();
  }
}
