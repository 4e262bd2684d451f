// The rides world's entities (tools/_world/rides.md's data) and what a user's calls keep of rides.
import type { Money, Point } from "./call.js";

export interface FareRange {
  min: Money;
  max: Money;
}

export interface RideProduct {
  productId: string;
  displayName: string;
  description: string;
  capacity: number;
  etaMinutes: number;
  base: number;
  perKm: number;
  perMinute: number;
  minimumFare: number;
  surges: boolean;
  captainId: string;
}

export interface RideRules {
  fareSpread: number;
  averageSpeedKmh: number;
  overheadMinutes: number;
  samePlaceMeters: number;
  estimateValidSeconds: number;
  assignAfterSeconds: number;
  boardingSeconds: number;
  captainLeadSeconds: number;
  arrivedCancellationFee: number;
  scheduleMinSeconds: number;
  scheduleMaxSeconds: number;
}

export interface Captain {
  name: string;
  rating: number;
  phone: string;
  tripsCompleted: number;
  vehicle: { make: string; model: string; color: string; plateNumber: string };
}

export interface CancelReason {
  reasonId: string;
  label: string;
  requiresComment: boolean;
}

export interface CancelSurvey {
  surveyId: string;
  title: string;
  question: string;
  reasons: CancelReason[];
  feeNote: string;
}

export type RideStatus = "SCHEDULED" | "SEARCHING" | "CAPTAIN_ASSIGNED" | "CAPTAIN_ARRIVED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED";

/** One ride, the same record in the world and in the state. Its status is never stored: it is read off the time line. */
export interface Ride {
  rideId: string;
  productId: string;
  pickup: Point;
  dropoff: Point;
  paymentMethodId: string;
  fare?: FareRange;
  finalFare?: Money;
  distanceKm?: number;
  durationMinutes?: number;
  etaMinutes?: number;
  captainId?: string;
  estimateId?: string;
  idempotencyKey?: string;
  noteToCaptain?: string;
  walletTransactionId?: string;
  summary?: string;
  createdAt: string;
  scheduledAt?: string;
  assignedAt?: string;
  arrivedAt?: string;
  startedAt?: string;
  completedAt?: string;
  cancelledAt?: string;
  cancelledBy?: "RIDER" | "SYSTEM";
  cancellationReason?: string;
  reasonId?: string;
  cancellationFee?: Money;
}

/** A fixture ride: its times are offsets in seconds from the call's now; a `word` matches any id containing it. */
export interface RideFixture extends Partial<Ride> {
  word?: string;
  offsets: Record<string, number>;
}

export interface Zone {
  name: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  multiplier?: number;
}

export interface RideWorld {
  rideProducts: Record<string, RideProduct>;
  rideRules: RideRules;
  rideCaptains: Record<string, Captain>;
  rideCancelSurveys: Record<string, CancelSurvey>;
  rideKeys: Record<string, string>;
  rideStatusFixtures: Record<string, string>;
  rides: Record<string, Ride>;
  rideFixtures: RideFixture[];
  rideServiceAreas: Zone[];
  rideSurgeZones: Zone[];
  rideNoCaptainZones: Zone[];
}

/** A fare estimate `get_ride_estimates` issued: the fares per car type and how long they hold. */
export interface Estimate {
  validUntil: string;
  /** The trip it was quoted for: `book_ride` accepts it only for this pickup and drop-off. */
  pickup?: Point;
  dropoff?: Point;
  fares: Record<string, FareRange>;
}

export interface RideState {
  rides?: Record<string, Ride>;
  estimates?: Record<string, Estimate>;
}
