import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with one file in the field "file", as a browser's upload sends it. */
export function multipartFile(fileName: string, contentType: string, data: Buffer) {
  const boundary = `----lintel${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
