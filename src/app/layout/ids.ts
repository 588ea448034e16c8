export const HEADER_ID = "header";
/** The DSFR header names its navigation `<header id>-main-navigation`. */
export const NAVIGATION_ID = `${HEADER_ID}-main-navigation`;
export const CONTENT_ID = "contenu";
export const FOOTER_ID = "footer";
