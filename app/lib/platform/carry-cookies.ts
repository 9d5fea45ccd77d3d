/**
 * Copies every Set-Cookie of an answer (the auth library's session cookies) onto the headers we answer
 * with: one by one, since a Headers object folds repeated cookies into one unreadable line otherwise.
 */
export function carryCookies(from: Response, into: Headers = new Headers()): Headers {
  for (const cookie of from.headers.getSetCookie()) into.append("Set-Cookie", cookie);
  return into;
}
