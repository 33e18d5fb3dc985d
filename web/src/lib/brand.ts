/** The product's name as shown to users. */
export const PRODUCT_NAME = 'Naira Ledger';
