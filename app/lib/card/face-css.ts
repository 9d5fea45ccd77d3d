/**
 * The CSS of the card drawing (`CardFace`), one source for the visitor page (inline, dark by the
 * system preference) and the editor's preview (dark by the app's chosen theme). Every rule sits under
 * `.kw`, so the preview cannot restyle the app around it. `--c` is the owner's colour, `--fg` the text on it.
 */
const LIGHT = `
.kw .card{border-radius:1.25rem;overflow:hidden;box-shadow:0 10px 30px rgba(15,23,42,.15);text-align:start;color:#0f172a}
.kw .card-brand{background:#fff;padding:.75rem 1.5rem}.kw .card-brand img{display:block;height:2.5rem;width:auto;max-width:60%;object-fit:contain}
.kw .card-head{background:var(--c);color:var(--fg);padding:1.5rem;display:flex;gap:1rem;align-items:center}.kw .card-head>div+div{min-width:0}
.kw .name,.kw .role,.kw .org,.kw .headline,.kw .bio,.kw .notes{overflow-wrap:anywhere}
.kw .t-bold .card-head{flex-direction:column;text-align:center;padding:2.25rem 1.5rem 1.75rem}.kw .t-bold .card-head>div+div{width:100%}
.kw .t-bold .avatar{width:7rem;height:7rem;font-size:2.4rem;box-shadow:0 0 0 4px var(--fg)}.kw .t-bold .name{font-size:1.85rem}
.kw .t-bold .card-body{text-align:center}.kw .t-bold ul.links{grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.5rem}
.kw .t-bold ul.links a,.kw .t-bold ul.links>li>span{height:100%;border:1px solid #cbd5e1;padding:.5rem}
.kw .t-minimal{box-shadow:none;border:1px solid #cbd5e1;border-inline-start:6px solid var(--c);border-radius:.5rem}
.kw .t-minimal .card-head{background:#fff;color:#0f172a;flex-direction:row-reverse;justify-content:space-between;padding:1.25rem 1.5rem .25rem}
.kw .t-minimal .avatar{width:3.5rem;height:3.5rem;border-radius:.5rem;font-size:1.2rem}.kw .t-minimal .name{font-size:1.3rem}
.kw .t-minimal ul.links a,.kw .t-minimal ul.links>li>span{display:grid;grid-template-columns:4.25rem minmax(0,1fr);gap:.75rem;align-items:baseline;border-bottom:1px solid #e2e8f0;border-radius:0;padding:.45rem 0}
.kw .avatar{position:relative;flex:none;width:4.5rem;height:4.5rem;border-radius:50%;background:rgba(255,255,255,.2);display:grid;place-items:center;font-weight:700;font-size:1.6rem;overflow:hidden}
.kw .t-minimal .avatar{background:var(--c);color:var(--fg)}.kw .avatar img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.kw .name{margin:0;font-size:1.5rem;line-height:1.2;font-weight:700}.kw .role{margin:.15rem 0 0;font-weight:500}.kw .org{margin:0;font-size:.95rem}
.kw .card-body{background:#fff;padding:1.25rem 1.5rem}
.kw .headline{margin:0 0 .5rem;font-weight:600;font-size:1.05rem;line-height:1.4}
.kw .bio{margin:0 0 1rem;color:#334155;font-size:.95rem;white-space:pre-line}
.kw ul.links{list-style:none;margin:0;padding:0;display:grid;gap:.15rem}
.kw ul.links a,.kw ul.links>li>span{display:block;padding:.4rem .25rem;color:inherit;text-decoration:none;border-radius:.5rem;overflow-wrap:break-word}
.kw ul.links a:hover{background:rgba(99,102,241,.08)}.kw .k{display:block;font-size:.7rem;text-transform:uppercase;letter-spacing:.04em;color:#475569}
.kw .notes{white-space:pre-wrap;margin:1rem 0 0;color:#334155}
.kw .actions{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;margin-top:1.25rem}
.kw .btn{display:block;text-align:center;white-space:nowrap;padding:.8rem .5rem;border-radius:.6rem;font-weight:700;text-decoration:none;border:0;font-size:1rem;line-height:1.5;cursor:pointer;font-family:inherit}
.kw .btn-primary{background:var(--c);color:var(--fg)}.kw .btn-secondary{background:#e2e8f0;color:#0f172a}
`;

const DARK: [string, string][] = [
  [".kw .card", "color:#e2e8f0"],
  [".kw .t-minimal .card-head", "background:#0f172a;color:#e2e8f0"],
  [".kw .t-minimal", "border-color:#334155;border-inline-start-color:var(--c)"],
  [".kw .t-bold ul.links a,.kw .t-bold ul.links>li>span", "border-color:#334155"],
  [".kw .t-minimal ul.links a,.kw .t-minimal ul.links>li>span", "border-bottom-color:#1e293b"],
  [".kw .card-body", "background:#0f172a"],
  [".kw .k", "color:#94a3b8"],
  [".kw .bio,.kw .notes", "color:#cbd5e1"],
  [".kw .btn-secondary", "background:#1e293b;color:#e2e8f0"],
];

const rules = (prefix: string) =>
  DARK.map(
    ([selector, body]) =>
      `${selector
        .split(",")
        .map((s) => prefix + s)
        .join(",")}{${body}}`,
  ).join("");

const squash = (css: string) => css.replace(/\n/g, "");

/** The visitor page: dark follows the system preference, like the rest of that page. */
export const CARD_FACE_CSS_PAGE = `${squash(LIGHT)}@media (prefers-color-scheme:dark){${rules("")}}`;

/** The editor's preview: dark follows the theme the owner chose in the app (data-theme on <html>). */
export const CARD_FACE_CSS_APP = `${squash(LIGHT)}${rules('[data-theme="dark"] ')}@media (prefers-color-scheme:dark){${rules('[data-theme="system"] ')}}`;
