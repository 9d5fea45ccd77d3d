// `npm run preview`: the production build served locally (port from PORT, default 8787).
import "./serve-build.mjs";
