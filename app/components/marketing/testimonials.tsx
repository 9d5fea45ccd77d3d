import { useEffect, useState } from "react";
import { TESTIMONIALS } from "~/content/testimonials";
import { localeDir } from "~/lib/i18n/locales";
import type { SayMarketing } from "~/lib/i18n/marketing";

export const TESTIMONIAL_INTERVAL_MS = 5000;

/**
 * Advances every 5 s and loops; pauses while hovered or focused, and never auto-advances under reduced motion.
 * On a page without framework JavaScript /site.js drives the same markup through its data attributes.
 */
export function TestimonialsCarousel({ t }: { t: SayMarketing }) {
  const [index, setIndex] = useState(0);
  // Hover and focus pause independently: leaving with the pointer must not resume under the keyboard.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const [reduced, setReduced] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (paused || reduced) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % TESTIMONIALS.length), TESTIMONIAL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, reduced]);

  // Slides lie left to right in every language, so one transform moves them; each reads in the page's direction.
  const dir = localeDir(t.locale);
  const go = (step: number) => setIndex((i) => (i + step + TESTIMONIALS.length) % TESTIMONIALS.length);

  return (
    <section
      aria-labelledby="testimonials"
      aria-roledescription="carousel"
      data-carousel=""
      className="mx-auto mt-20 max-w-4xl px-4 sm:px-6"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-paused={paused || reduced}
    >
      <h2 id="testimonials" className="text-center font-bold text-3xl tracking-tight">
        {t("home.testimonials.title")}
      </h2>
      <div className="relative mt-8 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div
          data-track=""
          dir="ltr"
          className="flex transition-transform duration-500 motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
          aria-live={paused || reduced ? "polite" : "off"}
        >
          {TESTIMONIALS.map((q, i) => (
            <figure
              key={q.author}
              aria-roledescription="slide"
              aria-label={t("home.testimonials.slide", { index: i + 1, count: TESTIMONIALS.length })}
              aria-hidden={i !== index}
              data-slide=""
              dir={dir}
              className="w-full shrink-0 p-8 sm:p-12"
            >
              <blockquote className="text-lg text-slate-700 leading-relaxed sm:text-xl dark:text-slate-200">
                {t("home.testimonials.quote", { quote: t(`home.testimonial.${q.key}.quote`) })}
              </blockquote>
              <figcaption className="mt-6">
                <span className="block font-semibold">{q.author}</span>
                <span className="text-slate-600 text-sm dark:text-slate-300">
                  {t(`home.testimonial.${q.key}.role`)}
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => go(-1)}
          data-prev=""
          className="rounded-full border border-slate-300 px-3 py-1 dark:border-slate-700"
          aria-label={t("home.testimonials.previous")}
        >
          {dir === "rtl" ? "→" : "←"}
        </button>
        <div className="flex gap-2">
          {TESTIMONIALS.map((q, i) => (
            <button
              key={q.author}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t("home.testimonials.show", { index: i + 1 })}
              aria-current={i === index}
              data-dot=""
              // A 24 px target around a 12 px dot, so the dots are easy to tap.
              className="group inline-flex size-6 items-center justify-center rounded-full"
            >
              <span className="size-3 rounded-full bg-slate-300 group-aria-[current=true]:bg-brand-600 dark:bg-slate-700" />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => go(1)}
          data-next=""
          className="rounded-full border border-slate-300 px-3 py-1 dark:border-slate-700"
          aria-label={t("home.testimonials.next")}
        >
          {dir === "rtl" ? "←" : "→"}
        </button>
      </div>
    </section>
  );
}
