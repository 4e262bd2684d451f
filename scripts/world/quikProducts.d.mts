/** The catalog scripts/world/quikProducts.mjs writes (see that file). */
export const productsFile: string;
export function buildProducts(): unknown[];
export function productsText(products: unknown[]): string;
