/** PEM text as secrets carry it: real newlines, or `\n` escapes from a one-line variable. */
export function pemBody(pem: string, label: string): string | null {
  const text = pem.replace(/\\n/g, "\n");
  const match = text.match(new RegExp(`-----BEGIN ${label}-----([\\s\\S]+?)-----END ${label}-----`));
  const body = match?.[1]?.replace(/\s+/g, "");
  return body && /^[A-Za-z0-9+/]+=*$/.test(body) ? body : null;
}

export function pemToDer(pem: string, label: string): ArrayBuffer {
  const body = pemBody(pem, label);
  if (!body) throw new Error(`Not a PEM ${label}`);
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}
