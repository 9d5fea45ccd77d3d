/** What a person reads for each status they can meet; any other 4xx reads as 400, anything else as 500. */
export const ERROR_PAGES = {
  400: {
    title: "That could not be read",
    text: "Something in the address or the form was not what this page expects. Go back and try again.",
  },
  403: {
    title: "You can't open this",
    text: "This page or action is not open to your account. If you followed a link, ask whoever sent it.",
  },
  404: {
    title: "Page not found",
    text: "Nothing is here: it may have been deleted or merged, or the link is mistyped.",
  },
  405: {
    title: "This page can't do that",
    text: "What was sent is not something this page takes. Go back and use the page's own buttons.",
  },
  413: {
    title: "That file is too large",
    text: "It is more than this page takes at once. Go back and choose a smaller file, or split it into several.",
  },
  429: {
    title: "Too many tries",
    text: "That was tried too often in a short time. Wait a minute, then try again.",
  },
  500: {
    title: "Something went wrong on our side",
    text: "It wasn't anything you did. Try again in a moment; if it keeps happening, tell us from the Help page.",
  },
} as const;
