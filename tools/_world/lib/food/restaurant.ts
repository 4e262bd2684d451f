// A Careem Food restaurant as the world keeps it (tools/_world/data/food/restaurants.json): the
// fields today's restaurants carry, with the same names, plus `area` and `keywords_ar` (what the
// search reads) and opening hours as a week in Dubai local time instead of one window.

export interface Money {
  amount: number;
  currency: "AED";
}

export interface Point {
  latitude: number;
  longitude: number;
}

export type Weekday = "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat";

/**
 * Opening hours in Dubai local time, per weekday: windows "HH:MM" to "HH:MM". A window that ends
 * at or before it starts ends after midnight, on the next day ("18:00" to "03:00"); "24:00" is
 * the end of the day. A day with no windows is a closed day.
 */
export type OpeningHours = Record<Weekday, [string, string][]>;

export interface MenuItem {
  item_id: string;
  name: string;
  description: string;
  price: Money;
  available: boolean;
  popular: boolean;
}

export interface MenuSection {
  category_id: string;
  name: string;
  items: MenuItem[];
}

export interface Restaurant {
  restaurant_id: string;
  name: string;
  cuisines: string[];
  keywords: string[];
  keywords_ar: string[];
  rating: number;
  rating_count: number;
  price_level: number;
  delivery_time_minutes: { min: number; max: number };
  ride_minutes: number;
  delivery_fee: Money;
  service_fee: Money;
  minimum_order: Money;
  city: string;
  area: string;
  location: Point;
  delivery_radius_km: number;
  opening_hours: OpeningHours;
  promotion: string | null;
  image_url: string;
  menu: MenuSection[];
}
