/** The product's name as shown to users. */
export const PRODUCT_NAME = 'Naira Ledger';
/** The brand blue of the icon, the browser's toolbar and the installed app's splash (index.html's theme-color). */
export const THEME_COLOR = '#364fc7';
