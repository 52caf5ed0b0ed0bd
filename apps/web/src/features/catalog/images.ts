/** Card fallback image (spec 9), served from `public/`. */
export const CARD_FALLBACK_IMAGE = '/lightning400.png';
