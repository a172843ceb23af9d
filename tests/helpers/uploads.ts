/** Uploads in API tests: multipart bodies built by the platform's own FormData, and test images made with sharp. */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A multipart body with one `file` field, serialised exactly as a browser would send it. */
export async function multipartBody(
  data: Buffer,
  fileName: string,
  type: string,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), fileName);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

/** POST /api/proveedor/files?purpose=… with `data` as the file, as the seller `token`. */
export async function uploadAs(
  app: FastifyInstance,
  token: string,
  purpose: string,
  data: Buffer,
  fileName = 'foto.png',
  type = 'image/png',
  locale = 'es',
) {
  const body = await multipartBody(data, fileName, type);
  return app.inject({
    method: 'POST',
    url: `/api/proveedor/files?purpose=${purpose}`,
    headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': locale },
    payload: body.payload,
  });
}

/** A PNG of `width` × `height` pixels in one colour. */
export function testImage(width: number, height: number, color = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The smallest valid PDF header plus a body: enough for the type check (the server does not render PDFs). */
export const TEST_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
