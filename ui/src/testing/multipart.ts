/** One part of a multipart body: a field's text, or a file's name, type, size and first bytes. */
/** A file part keeps its first bytes, for the checks a server makes on what a file really is. */
export type MultipartValue = string | { filename: string; type: string; size: number; head: Uint8Array };

/**
 * Reads a multipart/form-data body into its parts. Node 24's own parser (`request.formData()`)
 * cannot run under jsdom: it builds jsdom's File, then asserts that it built its own.
 */
export async function readMultipart(request: Request): Promise<Map<string, MultipartValue>> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers.get('content-type') ?? '');
  const parts = new Map<string, MultipartValue>();
  if (!boundary) return parts;
  const body = Buffer.from(await request.clone().arrayBuffer());
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2); // CRLF after, CRLF before
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1];
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
    if (name !== undefined)
      parts.set(
        name,
        filename === undefined
          ? content.toString('utf8')
          : { filename, type, size: content.length, head: new Uint8Array(content.subarray(0, 12)) },
      );
    start = next;
  }
  return parts;
}

/**
 * jsdom's FormData, as bytes and a content type. Node 24's fetch cannot read jsdom's files (it
 * would send them empty), so the tests' fetch sends uploads through this, as a browser would.
 */
export async function encodeMultipart(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const boundary = `----building-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const [name, value] of form.entries()) {
    text(`--${boundary}\r\n`);
    if (typeof value === 'string') {
      text(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      continue;
    }
    text(`Content-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n`);
    text(`Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`);
    chunks.push(new Uint8Array(await readBlob(value)));
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  return {
    body: new Uint8Array(Buffer.concat(chunks)),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** jsdom's Blob has no arrayBuffer(); its FileReader does the reading. */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
