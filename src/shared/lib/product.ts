/** The product's name, written once for everywhere (header, footer, titles, mail). */
export const PRODUCT_NAME = 'PNG to GIF Converter';
