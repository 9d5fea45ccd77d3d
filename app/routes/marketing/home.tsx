import { Landing } from "~/components/marketing/landing";
import { pageMeta, SITE } from "~/lib/site";

export const meta = () => pageMeta(SITE.name);

export default function Home() {
  return <Landing />;
}
