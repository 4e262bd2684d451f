// The rides world's rules (its data and prose are rides.md): a quote, a booking, a ride's time
// line, a cancellation, the history. Every rides tool reads rides through `rideFind`, so they all
// agree. A ride's status is never stored: `rideStatusOf` reads it off the time line and the
// call's instant.
import type { Call, Money, Point } from "./lib/call.js";
import type { CancelReason, CancelSurvey, Captain, FareRange, Ride, RideStatus, Zone } from "./lib/rideTypes.js";
import { distanceKm } from "./lib/geo.js";
import { own } from "./lib/own.js";
import { defined, iso, round, secondsSince, text, toMillis, truthy, twoDecimals } from "./lib/values.js";
import { paymentMethod } from "./account.js";

const LIVE: RideStatus[] = ["SEARCHING", "CAPTAIN_ASSIGNED", "CAPTAIN_ARRIVED", "IN_PROGRESS"];
const AED = (amount: number): Money => ({ amount, currency: "AED" });

/** A fixture's entry, without its times: the search runs once per id and world version. */
interface FixtureEntry {
  ride: Partial<Ride> | undefined;
  offsets: Record<string, number>;
}

/** Per world data (one per snapshot): the fixture entry each id names. */
const fixtureEntries = new WeakMap<object, Map<string, FixtureEntry | undefined>>();
/** Per world data: each id's fixture ride at the instant last asked (one call asks several times, at one instant). */
const fixtureRides = new WeakMap<object, Map<string, { now: number; ride: Ride | undefined }>>();
/** Ids kept per world: any id containing a fixture word names a fixture, so a client could ask for endless ones. */
const KEPT_IDS = 1_000;

/** The map kept for this world's data, emptied when it holds KEPT_IDS ids. */
function keptFor<V>(kept: WeakMap<object, Map<string, V>>, world: object): Map<string, V> {
  let byId = kept.get(world);
  if (!byId) kept.set(world, (byId = new Map()));
  if (byId.size >= KEPT_IDS) byId.clear();
  return byId;
}

/** Which fixture an id names: an entry without a `word` whose rideId equals it, else the first whose word it contains. */
export function rideFixtureEntry(call: Call, id: unknown): FixtureEntry | undefined {
  if (id === undefined) return undefined;
  const low = text(id).toLowerCase();
  const byId = keptFor(fixtureEntries, call.world);
  if (byId.has(low)) return byId.get(low);
  const fixtures = call.world.rideFixtures ?? [];
  const found = fixtures.find((f) => f.word === undefined && f.rideId === low) ?? fixtures.find((f) => f.word !== undefined && low.includes(f.word));
  let entry: FixtureEntry | undefined;
  if (found) {
    const ride: Partial<Ride> = {};
    for (const [key, value] of Object.entries(found)) if (key !== "word" && key !== "offsets") (ride as Record<string, unknown>)[key] = value;
    entry = { ride: Object.keys(ride).length > 0 ? ride : undefined, offsets: found.offsets };
  }
  byId.set(low, entry);
  return entry;
}

/** The fixture ride for an id, its times counted from the call's now; nothing for other ids. The same object for one id at one instant. */
export function rideFixture(call: Call, id: string): Ride | undefined {
  const byId = keptFor(fixtureRides, call.world);
  const key = text(id);
  const kept = byId.get(key);
  if (kept && kept.now === call.now) return kept.ride;
  const ride = fixtureRideNow(call, id);
  byId.set(key, { now: call.now, ride });
  return ride;
}

function fixtureRideNow(call: Call, id: string): Ride | undefined {
  const entry = rideFixtureEntry(call, id);
  if (!entry) return undefined;
  const ride: Record<string, unknown> = { ...entry.ride, ...defined({ rideId: id }) };
  for (const [key, seconds] of Object.entries(entry.offsets ?? {})) {
    const at = iso(call.now + seconds * 1000);
    if (at !== undefined) ride[key] = at;
  }
  return ride as unknown as Ride;
}

/** The ride with this id, wherever it lives: this user's state, the world's past rides, a fixture. */
export function rideFind(call: Call, id: string): Ride | undefined {
  const mine = own(call.state?.rides, id);
  if (truthy(mine)) return mine;
  const past = own(call.world.rides, id);
  if (truthy(past)) return past;
  return rideFixture(call, id);
}

/** The ride with this id when its status is one of `statuses`; else the fixture ride of the first status under this id. */
export function rideAs(call: Call, id: string, statuses: RideStatus[] | RideStatus): Ride {
  const list = Array.isArray(statuses) ? statuses : [statuses];
  const ride = rideFind(call, id);
  const status = rideStatusOf(call, ride);
  if (status !== undefined && list.includes(status)) return ride as Ride;
  return { ...rideFixture(call, own(call.world.rideStatusFixtures, list[0]) as string), ...defined({ rideId: id }) } as Ride;
}

/** The ride an idempotency key booked: one of this user's bookings, or the world's. */
export function rideByKey(call: Call, key: string): Ride | undefined {
  if (!truthy(key)) return undefined;
  const mine = Object.values(call.state?.rides ?? {}).find((r) => r.idempotencyKey === key);
  if (truthy(mine)) return mine;
  const known = own(call.world.rideKeys, key);
  return truthy(known) ? rideFind(call, known as string) : undefined;
}

/** Whether the time line has passed `at`: set, before the call's now, and not after the ride was cancelled. */
export function rideReached(call: Call, ride: Ride | undefined, at: string | undefined): boolean {
  if (at === undefined) return false;
  const seconds = secondsSince(call.now, at);
  if (seconds === undefined || !(seconds >= 0)) return false;
  if (ride?.cancelledAt === undefined) return true;
  return (toMillis(at) as number) <= (toMillis(ride.cancelledAt) as number);
}

/** A ride's status now, read off its time line; nothing for no ride. */
export function rideStatusOf(call: Call, ride: Ride | undefined): RideStatus | undefined {
  if (!truthy(ride)) return undefined;
  const r = ride as Ride;
  const cancelled = r.cancelledAt !== undefined ? secondsSince(call.now, r.cancelledAt) : undefined;
  if (cancelled !== undefined && cancelled >= 0) return "CANCELLED";
  if (rideReached(call, r, r.completedAt)) return "COMPLETED";
  if (rideReached(call, r, r.startedAt)) return "IN_PROGRESS";
  if (rideReached(call, r, r.arrivedAt)) return "CAPTAIN_ARRIVED";
  if (rideReached(call, r, r.assignedAt)) return "CAPTAIN_ASSIGNED";
  return r.scheduledAt !== undefined ? "SCHEDULED" : "SEARCHING";
}

/** The first of the zones a point lies in. */
export function rideInZone(_call: Call, point: Point, zones: Zone[] | Zone | undefined): Zone | undefined {
  if (zones === undefined) return undefined;
  return (Array.isArray(zones) ? zones : [zones]).find((z) => distanceKm(point, z) <= z.radiusKm);
}

/** Whether Careem drives there. */
export function rideServed(call: Call, point: Point): boolean {
  return rideInZone(call, point, call.world.rideServiceAreas) !== undefined;
}

/** Pickup and drop-off closer than `samePlaceMeters`: one place, nothing to drive. */
export function rideSamePlace(call: Call, a: Point, b: Point): boolean {
  return distanceKm(a, b) * 1000 < call.world.rideRules.samePlaceMeters;
}

/** Whether the pickup lies where no captain works (a remote area inside the service area). */
export function rideNoCaptains(call: Call, point: Point): boolean {
  return rideInZone(call, point, call.world.rideNoCaptainZones) !== undefined;
}

export interface QuoteProduct {
  productId: string;
  displayName: string;
  description: string;
  capacity: number;
  available: true;
  etaMinutes: number;
  fare: FareRange;
  surgeMultiplier: number;
}

export interface Quote {
  distanceKm: number;
  durationMinutes: number;
  surgeZone?: string;
  surgeMultiplier: number;
  products: QuoteProduct[];
}

/** To the nearest 0.5 AED. */
const half = (x: number) => round(x * 2) / 2;

/**
 * The quote between two points: straight-line distance, trip minutes at the average speed, and
 * per car type the ETA and the fare range: max(minimumFare, base + perKm × km + perMinute ×
 * minutes) × surge, up to × fareSpread, to 0.5 AED.
 */
export function rideQuote(call: Call, pickup: Point, dropoff: Point): Quote {
  const rules = call.world.rideRules;
  const km = round(distanceKm(pickup, dropoff), 1);
  const minutes = rules.overheadMinutes + Math.ceil((km * 60) / rules.averageSpeedKmh);
  const zone = rideInZone(call, pickup, call.world.rideSurgeZones);
  const products = Object.values(call.world.rideProducts).map((p) => {
    const surge = p.surges && zone ? (zone.multiplier as number) : 1;
    const fare = Math.max(p.minimumFare, p.base + p.perKm * km + p.perMinute * minutes) * surge;
    return {
      productId: p.productId,
      displayName: p.displayName,
      description: p.description,
      capacity: p.capacity,
      available: true as const,
      etaMinutes: p.etaMinutes + (surge > 1 ? 5 : 0),
      fare: { min: AED(half(fare)), max: AED(half(fare * rules.fareSpread)) },
      surgeMultiplier: surge,
    };
  });
  return defined({ distanceKm: km, durationMinutes: minutes, surgeZone: zone?.name, surgeMultiplier: zone ? (zone.multiplier as number) : 1, products });
}

/**
 * Why `book_ride` cannot use this estimate id: never issued to this user, expired, or, given the
 * booking, quoted for another route or without a fare for its car type (an estimate prices one
 * trip, as the backend binds it). Nothing when valid.
 */
export function rideEstimateProblem(call: Call, estimateId: string, booking?: BookingArgs): string | undefined {
  const again = "; call get_ride_estimates again and confirm the new fare with the user";
  const e = own(call.state?.estimates, estimateId);
  if (e === undefined) return `fare estimate ${text(estimateId)} was not found (never issued, or no longer kept)${again}`;
  const since = secondsSince(call.now, e.validUntil);
  if (since !== undefined && since > 0) return `fare estimate ${text(estimateId)} has expired (it was valid until ${text(e.validUntil)})${again}`;
  if (booking === undefined) return undefined;
  const placeOf = (p: Point) => (truthy(p?.address) ? text(p.address) : `${text(p?.latitude)},${text(p?.longitude)}`);
  if (e.pickup !== undefined && e.dropoff !== undefined && booking.pickup !== undefined && booking.dropoff !== undefined && !(rideSamePlace(call, e.pickup, booking.pickup) && rideSamePlace(call, e.dropoff, booking.dropoff)))
    return `fare estimate ${text(estimateId)} was quoted for another trip (${placeOf(e.pickup)} to ${placeOf(e.dropoff)}), not this pickup and drop-off${again} for this trip`;
  if (own(e.fares, booking.productId) === undefined) return `fare estimate ${text(estimateId)} has no fare for ${text(booking.productId)}${again}`;
  return undefined;
}

const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|z|[+-]\d{2}:\d{2})$/;

/** Why `scheduledAt` cannot be a pickup time: not RFC 3339, past, sooner than 30 minutes or later than 30 days. */
export function rideScheduleProblem(call: Call, at: string): string | undefined {
  if (at === undefined) return undefined;
  const rules = call.world.rideRules;
  const window = "; schedule between 30 minutes and 30 days from now";
  const valid = RFC_3339.test(at);
  const since = valid ? secondsSince(call.now, at) : 0;
  const ahead = since === undefined ? NaN : -since;
  if (!valid) return `invalid scheduledAt "${at}": not an RFC 3339 date-time such as 2026-12-01T08:00:00+04:00${window}`;
  if (ahead <= 0) return `invalid scheduledAt "${at}": the pickup time is in the past${window}`;
  if (ahead < rules.scheduleMinSeconds) return `invalid scheduledAt "${at}": the pickup time is less than 30 minutes away${window}`;
  if (ahead > rules.scheduleMaxSeconds) return `invalid scheduledAt "${at}": the pickup time is more than 30 days away${window}`;
  return undefined;
}

/** What `book_ride` is asked: the arguments the rides rules read. */
export interface BookingArgs {
  productId: string;
  pickup: Point;
  dropoff: Point;
  paymentMethodId: string;
  estimateId?: string;
  idempotencyKey?: string;
  noteToCaptain?: string;
  scheduledAt?: string;
}

/** The fare a booking locks: the estimate's for that car type when an estimate id was sent, else a fresh quote's. */
export function rideFareFor(call: Call, args: BookingArgs): FareRange | undefined {
  if (truthy(args.estimateId)) return own(own(call.state?.estimates, args.estimateId)?.fares, args.productId);
  return rideQuote(call, args.pickup, args.dropoff).products.find((p) => p.productId === args.productId)?.fare;
}

/** Plus, minus, times as JSONata does them: nothing in, nothing out (never NaN). */
function sum(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : a + b;
}

/**
 * The ride `book_ride` remembers for `response` (its new id and createdAt): the ETA quoted, the
 * fare locked, the final fare (the middle of the range, rounded to 0.5 AED) and the time line.
 * Now: searching for assignAfterSeconds, the captain arrives after the ETA, boards for
 * boardingSeconds, then the trip. Ahead: a captain is assigned captainLeadSeconds before the pickup.
 */
export function rideNew(call: Call, args: BookingArgs, response: { rideId: string; createdAt: string }): Ride {
  const rules = call.world.rideRules;
  const quote = rideQuote(call, args.pickup, args.dropoff);
  const product = own(call.world.rideProducts, args.productId);
  const eta = quote.products.find((p) => p.productId === args.productId)?.etaMinutes;
  const fare = rideFareFor(call, args);
  const start = toMillis(response.createdAt);
  const ahead = args.scheduledAt !== undefined && rideScheduleProblem(call, args.scheduledAt) === undefined;
  const arrive = ahead ? toMillis(args.scheduledAt) : sum(start, eta === undefined ? undefined : eta * 60000);
  const assign = ahead ? sum(arrive, -rules.captainLeadSeconds * 1000) : sum(start, rules.assignAfterSeconds * 1000);
  const begin = sum(arrive, rules.boardingSeconds * 1000);
  const middle = sum(fare?.min?.amount, fare?.max?.amount);
  const at = (ms: number | undefined) => (ms === undefined ? undefined : iso(ms));
  return defined({
    rideId: response.rideId,
    productId: args.productId,
    pickup: args.pickup,
    dropoff: args.dropoff,
    paymentMethodId: args.paymentMethodId,
    estimateId: args.estimateId,
    idempotencyKey: args.idempotencyKey,
    noteToCaptain: args.noteToCaptain,
    etaMinutes: eta,
    fare,
    finalFare: defined({ amount: middle === undefined ? undefined : round(middle) / 2, currency: "AED" }),
    distanceKm: quote.distanceKm,
    durationMinutes: quote.durationMinutes,
    captainId: product?.captainId,
    createdAt: response.createdAt,
    scheduledAt: ahead ? args.scheduledAt : undefined,
    assignedAt: at(assign),
    arrivedAt: at(arrive),
    startedAt: at(begin),
    completedAt: at(sum(begin, quote.durationMinutes * 60000)),
    walletTransactionId: args.paymentMethodId === "careem_pay" ? `txn_${substringAfter(response.rideId, "ride_")}` : undefined,
  }) as Ride;
}

/** The text after the first `mark`; all of it when there is none (`$substringAfter`). */
function substringAfter(value: string | undefined, mark: string): string {
  if (value === undefined) return "";
  const at = value.indexOf(mark);
  return at < 0 ? value : value.slice(at + mark.length);
}

/** The text before the first `mark`; all of it when there is none (`$substringBefore`). */
function substringBefore(value: string, mark: string): string {
  const at = value.indexOf(mark);
  return at < 0 ? value : value.slice(0, at);
}

/** The Careem Pay debit of a ride paid with `careem_pay`, under its transaction id; `{}` for a card. */
export function rideWalletDebit(call: Call, ride: Ride): Record<string, unknown> {
  if (!(ride.paymentMethodId === "careem_pay" && truthy(ride.walletTransactionId))) return {};
  const id = ride.walletTransactionId as string;
  return {
    [id]: defined({
      transactionId: id,
      type: "RIDE_PAYMENT",
      direction: "DEBIT",
      amount: ride.finalFare,
      description: `Careem ride ${text(ride.rideId)} (${text(own(call.world.rideProducts, ride.productId)?.displayName)})`,
      createdAt: ride.createdAt,
    }),
  };
}

/**
 * `book_ride`'s answer for a ride: new, SEARCHING with the ETA or SCHEDULED; a replay (the same
 * idempotency key again) the ride as it is now in the booking's shape, with idempotentReplay.
 */
export function rideBooking(call: Call, ride: Ride, replay: boolean): Record<string, unknown> {
  const booked: RideStatus = ride.scheduledAt !== undefined ? "SCHEDULED" : "SEARCHING";
  const current = rideStatusOf(call, ride);
  const status = truthy(replay) && current !== undefined && ["SEARCHING", "CAPTAIN_ASSIGNED", "SCHEDULED"].includes(current) ? current : booked;
  const moved = current !== undefined && status !== current ? ` (it is ${current} now; see get_ride_status)` : "";
  return defined({
    success: true,
    rideId: ride.rideId,
    status,
    productId: ride.productId,
    pickup: ride.pickup,
    dropoff: ride.dropoff,
    paymentMethodId: ride.paymentMethodId,
    estimateId: truthy(ride.estimateId) ? ride.estimateId : null,
    scheduledAt: ride.scheduledAt,
    etaMinutes: status === "SCHEDULED" ? null : truthy(replay) ? rideMinutesUntil(call, ride.arrivedAt) : ride.etaMinutes,
    createdAt: ride.createdAt,
    idempotencyKey: truthy(ride.idempotencyKey) ? ride.idempotencyKey : null,
    idempotentReplay: replay,
    warnings: truthy(replay)
      ? [`duplicate request: idempotencyKey "${text(ride.idempotencyKey)}" was already used; no new ride was booked, this is the ride created for it${moved}`]
      : booked === "SCHEDULED"
        ? ["A captain is assigned about 15 minutes before the scheduled pickup time."]
        : [],
  });
}

/** How a message names the payment method: its display name (e.g. `Visa •••• 4242`). */
export function ridePaymentLabel(call: Call, id: string): string {
  const method = paymentMethod(call, id);
  return truthy(method) ? text(method?.displayName) : "your payment method";
}

/** Whole minutes from the call's now until an instant (0 once it has passed). */
export function rideMinutesUntil(call: Call, at: string | undefined): number {
  const since = secondsSince(call.now, at);
  return since === undefined ? 0 : Math.max(0, Math.ceil(-since / 60));
}

/** An amount as messages write it: `12.00 AED`. */
function money(m: Money | undefined): string {
  return `${m?.amount === undefined ? "" : twoDecimals(m.amount)} ${text(m?.currency)}`;
}

/** `get_ride_status`'s answer for a ride, as of the call's now. */
export function rideStatusView(call: Call, ride: Ride): Record<string, unknown> {
  const status = rideStatusOf(call, ride);
  const captain: Captain | undefined = rideReached(call, ride, ride.assignedAt) ? own(call.world.rideCaptains, ride.captainId) : undefined;
  const name = own(call.world.rideProducts, ride.productId)?.displayName;
  const fee = truthy(ride.cancellationFee) ? (ride.cancellationFee as Money) : AED(0);
  const live = status !== undefined && LIVE.includes(status);
  const coming = status === "SEARCHING" || status === "CAPTAIN_ASSIGNED";
  const cancelled = status === "CANCELLED";
  const completed = status === "COMPLETED";
  const message =
    status === "SEARCHING"
      ? `Finding you a ${text(name)} captain nearby.`
      : status === "SCHEDULED"
        ? `Your ride is booked for ${text(ride.scheduledAt)}. A captain is assigned about 15 minutes before pickup.`
        : status === "CAPTAIN_ASSIGNED"
          ? `${substringBefore(`${text(captain?.name)} `, " ")} is on the way in a ${text(captain?.vehicle?.color?.toLowerCase())} ${text(captain?.vehicle?.make)} ${text(captain?.vehicle?.model)} (${text(captain?.vehicle?.plateNumber)}), arriving in about ${rideMinutesUntil(call, ride.arrivedAt)} minutes.`
          : status === "CAPTAIN_ARRIVED"
            ? "Your captain has arrived. Waiting fees apply after 3 minutes."
            : status === "IN_PROGRESS"
              ? `On the way to ${truthy(ride.dropoff?.address) ? text(ride.dropoff.address) : "your drop-off"}, arriving in about ${rideMinutesUntil(call, ride.completedAt)} minutes.`
              : completed
                ? `Trip completed. ${money(ride.finalFare)} was charged to ${ridePaymentLabel(call, ride.paymentMethodId)}.`
                : ride.cancelledBy === "SYSTEM"
                  ? "We couldn't find a captain near your pickup. You were not charged; try again or pick another car type."
                  : fee.amount > 0
                    ? `You cancelled after the captain arrived: a ${money(fee)} cancellation fee was charged to ${ridePaymentLabel(call, ride.paymentMethodId)}.`
                    : "You cancelled this ride. You were not charged.";
  return defined({
    success: true,
    rideId: ride.rideId,
    status,
    productId: ride.productId,
    pickup: ride.pickup,
    dropoff: ride.dropoff,
    captain: captain ? defined({ name: captain.name, rating: captain.rating, phone: captain.phone, tripsCompleted: captain.tripsCompleted }) : null,
    vehicle: captain ? captain.vehicle : null,
    etaMinutes: coming ? rideMinutesUntil(call, ride.arrivedAt) : status === "CAPTAIN_ARRIVED" ? 0 : status === "IN_PROGRESS" ? rideMinutesUntil(call, ride.completedAt) : null,
    fareEstimate: ride.fare,
    finalFare: completed ? ride.finalFare : undefined,
    cancellationFee: cancelled ? fee : undefined,
    distanceKm: completed ? ride.distanceKm : undefined,
    paymentMethodId: ride.paymentMethodId,
    requestedAt: ride.createdAt,
    scheduledAt: ride.scheduledAt,
    captainAssignedAt: captain ? ride.assignedAt : undefined,
    estimatedPickupAt: coming ? ride.arrivedAt : undefined,
    arrivedAt: rideReached(call, ride, ride.arrivedAt) ? ride.arrivedAt : undefined,
    startedAt: rideReached(call, ride, ride.startedAt) ? ride.startedAt : undefined,
    estimatedArrivalAt: status === "IN_PROGRESS" ? ride.completedAt : undefined,
    completedAt: completed ? ride.completedAt : undefined,
    cancelledAt: cancelled ? ride.cancelledAt : undefined,
    cancelledBy: cancelled ? ride.cancelledBy : undefined,
    cancellationReason: cancelled && truthy(ride.cancellationReason) ? ride.cancellationReason : undefined,
    message,
    updatedAt: live ? iso(call.now) : completed ? ride.completedAt : cancelled ? ride.cancelledAt : ride.createdAt,
  });
}

/** The fee cancelling costs now: `arrivedCancellationFee` once the captain waits at the pickup, else nothing. */
export function rideCancelFee(call: Call, ride: Ride | undefined): Money {
  return AED(rideStatusOf(call, ride) === "CAPTAIN_ARRIVED" ? call.world.rideRules.arrivedCancellationFee : 0);
}

/** The reason of the survey for the ride's status with this id. */
function surveyReason(call: Call, ride: Ride | undefined, reasonId: unknown): CancelReason | undefined {
  const survey: CancelSurvey | undefined = own(call.world.rideCancelSurveys, rideStatusOf(call, ride));
  const reasons = survey?.reasons;
  return reasonId === undefined || reasons === undefined ? undefined : reasons.find((r) => r.reasonId === reasonId);
}

/** The ride after `cancel_ride` cancelled it now, as the rider, with the reason and the fee. */
export function rideCancelled(call: Call, ride: Ride, args: { reasonId?: string }): Ride {
  return {
    ...ride,
    ...defined({
      cancelledAt: iso(call.now),
      cancelledBy: "RIDER" as const,
      reasonId: args.reasonId,
      cancellationReason: truthy(args.reasonId) ? surveyReason(call, ride, args.reasonId)?.label : undefined,
      cancellationFee: rideCancelFee(call, ride),
    }),
  };
}

/** What cancelling gives back on Careem Pay: the debit less the fee, as a REFUND; `{}` when not paid from the wallet. */
export function rideWalletRefund(call: Call, ride: Ride): Record<string, unknown> {
  const fee = rideCancelFee(call, ride);
  const paid = ride.finalFare?.amount;
  if (!(truthy(ride.walletTransactionId) && paid !== undefined && paid > fee.amount)) return {};
  const id = `${text(ride.walletTransactionId)}_refund`;
  return {
    [id]: defined({
      transactionId: id,
      type: "REFUND",
      direction: "CREDIT",
      amount: AED(paid - fee.amount),
      description: `Refund for cancelled Careem ride ${text(ride.rideId)}${fee.amount > 0 ? ` (less the ${twoDecimals(fee.amount)} AED cancellation fee)` : ""}`,
      createdAt: iso(call.now),
    }),
  };
}

/** Whether a cancelled ride carried a fee. */
export function rideCancelFeeCharged(_call: Call, ride: Ride | undefined): boolean {
  const amount = ride?.cancellationFee?.amount;
  return amount !== undefined && amount > 0;
}

/** `get_ride_history`'s filters and page. */
export interface HistoryArgs {
  since?: string;
  status?: string;
  limit?: number;
  cursor?: string;
}

/**
 * `get_ride_history`'s page: this user's rides and the world's (the state's shadowing), COMPLETED,
 * CANCELLED or SCHEDULED now, newest first, requested on or after `since` (a date in
 * Asia/Dubai), filtered by `status`, `limit` a page (10), `cursor` `cursor_<n>` from the n-th.
 */
export function rideHistory(call: Call, args: HistoryArgs): Record<string, unknown> {
  const all: Record<string, Ride> = { ...call.world.rides, ...(truthy(call.state?.rides) ? call.state?.rides : {}) };
  const from = args.since !== undefined && rideSinceProblem(call, args.since) === undefined ? (toMillis(`${args.since}T00:00:00+04:00`) as number) : 0;
  const rows = Object.values(all)
    .map((r) => ({ ...r, status: rideStatusOf(call, r) }))
    .filter((r) => (r.status === "COMPLETED" || r.status === "CANCELLED" || r.status === "SCHEDULED") && (args.status === undefined || r.status === args.status) && (toMillis(r.createdAt) as number) >= from);
  const newestFirst = (a: Ride, b: Ride) => {
    const x = toMillis(a.createdAt) as number;
    const y = toMillis(b.createdAt) as number;
    return x < y ? 1 : y < x ? -1 : 0;
  };
  const sorted = rows.sort(newestFirst);
  const size = truthy(args.limit) ? (args.limit as number) : 10;
  const offset = truthy(args.cursor) && /^cursor_\d+$/.test(args.cursor as string) ? Number(substringAfter(args.cursor, "cursor_")) : 0;
  const page = sorted.slice(offset, Math.max(offset, offset + size));
  return {
    success: true,
    rides: page.map((r) => {
      const captain = own(call.world.rideCaptains, r.captainId)?.name;
      const completed = r.status === "COMPLETED";
      const cancelled = r.status === "CANCELLED";
      return defined({
        rideId: r.rideId,
        status: r.status,
        productId: r.productId,
        pickup: r.pickup,
        dropoff: r.dropoff,
        requestedAt: r.createdAt,
        endedAt: completed ? r.completedAt : cancelled ? r.cancelledAt : undefined,
        scheduledAt: r.scheduledAt,
        amountCharged: completed ? r.finalFare : cancelled ? (truthy(r.cancellationFee) ? r.cancellationFee : AED(0)) : r.paymentMethodId === "careem_pay" ? r.finalFare : AED(0),
        distanceKm: completed ? r.distanceKm : undefined,
        paymentMethodId: r.paymentMethodId,
        captainName: completed ? `${substringBefore(`${text(captain)} `, " ")} ${Array.from(captain === undefined ? "" : substringAfter(captain, " ")).slice(0, 1).join("")}.` : undefined,
        summary: truthy(r.summary)
          ? r.summary
          : cancelled
            ? rideCancelFeeCharged(call, r)
              ? `Cancelled by you after the captain arrived, ${twoDecimals((r.cancellationFee as Money).amount)} AED fee`
              : "Cancelled by you before pickup, no fee"
            : r.status === "SCHEDULED"
              ? "Scheduled ride"
              : "Trip completed",
      });
    }),
    nextCursor: sorted.length > offset + size ? `cursor_${text(offset + size)}` : null,
  };
}

/** `get_ride_cancellation_reasons`' survey for a ride: the reasons for its status and the fee cancelling would cost now. */
export function rideSurvey(call: Call, ride: Ride): Record<string, unknown> {
  const fee = rideCancelFee(call, ride);
  return { ...own(call.world.rideCancelSurveys, rideStatusOf(call, ride)), feeApplies: fee.amount > 0, cancellationFee: fee };
}

/** Why `cancel_ride` cannot take this reasonId (and comment): not offered now, or a comment it needs is missing. */
export function rideReasonProblem(call: Call, ride: Ride, args: { reasonId?: string; comment?: string }): string | undefined {
  if (args.reasonId === undefined) return undefined;
  const reason = surveyReason(call, ride, args.reasonId);
  if (reason === undefined) return `INVALID_REASON: ${text(args.reasonId)} is not a reason offered for this ride now; call get_ride_cancellation_reasons and pick one of its reasonIds`;
  if (truthy(reason.requiresComment) && !(args.comment !== undefined && Array.from(text(args.comment)).length > 0)) {
    return `INVALID_REASON: ${text(args.reasonId)} (${text(reason.label)}) needs a comment; ask the user what happened and send it as comment`;
  }
  return undefined;
}

/** Why `get_ride_history`'s `since` is not a calendar date, as Go's time.Parse words it; nothing for a real date. */
export function rideSinceProblem(_call: Call, since: string): string | undefined {
  if (since === undefined) return undefined;
  const shaped = /^\d{4}-\d{2}-\d{2}$/.test(since);
  if (!shaped) return `invalid since: parsing time "${since}" as "2006-01-02": cannot parse "${since}" as "2006"`;
  const month = Number(since.slice(5, 7));
  if (month < 1 || month > 12) return `invalid since: parsing time "${since}": month out of range`;
  const ms = Date.parse(`${since}T00:00:00Z`);
  const back = Number.isNaN(ms) ? "" : new Date(ms).toISOString().slice(0, 10);
  if (back !== since) return `invalid since: parsing time "${since}": day out of range`;
  return undefined;
}

