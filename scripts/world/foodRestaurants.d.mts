/** The restaurants scripts/world/foodRestaurants.mjs writes (see that file). */
export const restaurantsFile: string;
export function buildRestaurants(): unknown[];
export function restaurantsText(restaurants: unknown[]): string;
