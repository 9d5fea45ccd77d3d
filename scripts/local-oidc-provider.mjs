// A local OpenID provider to try a team's single sign-on with `npm start` (README: "Single sign-on"): the same
// certified oidc-provider the tests start. Its login page takes any address as the account, any password.
import { startProvider } from "../tests/support/oidc-provider.mjs";

const port = Number(process.env.OIDC_PORT ?? 5180);
const provider = await startProvider(
  ["http://127.0.0.1:5173/auth/sso/callback", "http://localhost:5173/auth/sso/callback"],
  port,
);
console.log(`OpenID provider running. In your team's Team sign-in page enter:
  Issuer URL     ${provider.issuer}
  Client ID      ${provider.clientId}
  Client secret  ${provider.clientSecret}
Press Ctrl-C to stop it.`);
process.on("SIGINT", () => provider.stop().then(() => process.exit(0)));
