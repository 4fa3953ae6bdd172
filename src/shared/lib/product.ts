/** The product's name as the spec writes it everywhere (header, footer, titles, mail). */
export const PRODUCT_NAME = 'PNG to GIF Converter';
