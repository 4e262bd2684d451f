// What every world function is handed first: the call it answers. The engine passes it (its
// contract is src/jsonata/worldCall.ts); this is the catalog's typed view of it, so a world
// module reads `call.world.rideProducts` with the types of the world's data, and a test makes
// one with `callAt(...)`. Nothing here is global: two calls, two users, two instants never share.
import type { AccountState, AccountWorld } from "./accountTypes.js";
import type { FoodState, FoodWorld } from "./foodTypes.js";
import type { PlaceWorld } from "./placeTypes.js";
import type { QuikWorld } from "./quikTypes.js";
import type { RideState, RideWorld } from "./rideTypes.js";
import type { TravelState, TravelWorld } from "./travelTypes.js";

/** `$world`: the data blocks of the world files, merged (each domain declares its keys). */
export type World = RideWorld & AccountWorld & PlaceWorld & QuikWorld & FoodWorld & { travel: TravelWorld };

/** The user's state document: what their calls changed (each domain declares its keys). */
export type State = RideState & AccountState & FoodState & TravelState & {
  /** Each idempotency key this user sent to a tool that charges, with the request it was first sent with (idempotency.ts). */
  idempotency?: Record<string, { tool: string; fingerprint: string }>;
};

export interface Call {
  world: World;
  /** Null before the user changed anything. */
  state: State | null;
  /** Who the call acts for: the signed-in user, else the default persona. */
  user: string;
  /** The call's instant in milliseconds, the same for every function of one answer. */
  now: number;
  /** An id the service creates: `<prefix>_` + 8 digits. */
  newId(prefix: string): string;
  random: { int(min: number, max: number): number; uuid(): string };
}

/** Money as every answer writes it. */
export interface Money {
  amount: number;
  currency: string;
}

/** A point a user picks: coordinates, and the address and place id when known. */
export interface Point {
  latitude: number;
  longitude: number;
  address?: string;
  placeId?: string;
}
