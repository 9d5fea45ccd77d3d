/** The picture formats an upload takes, everywhere: the card's photo, a person's photo, a logo, a campaign image. */
export const IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/webp"];

/** The same list as a file input's `accept`, so the picker offers what the server will take. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");
