/**
 * Reads a Server-Sent Events response as a browser's EventSource would, handing each `data:`
 * payload (parsed JSON) to `onData` as it arrives. `ended` settles when the server ends the
 * response; `close` cancels it.
 */
export function readSse<T>(response: Response, onData: (data: T) => void) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of message.split('\n')) {
          if (line.startsWith('data: ')) onData(JSON.parse(line.slice(6)) as T);
        }
      }
    }
  })();
  return { ended, close: () => reader.cancel().then(() => ended) };
}
