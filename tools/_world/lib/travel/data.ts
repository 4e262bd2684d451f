// The travel world's data files, typed. Importing them is the only I/O: indexes are built from
// these by createAirportIndex / createRoutePlanner when a world version loads, never here.
import airportsJson from "../../data/travel/airports.json" with { type: "json" };
import airlinesJson from "../../data/travel/airlines.json" with { type: "json" };
import metroJson from "../../data/travel/metro-codes.json" with { type: "json" };
import carriersJson from "../../data/travel/carriers.json" with { type: "json" };
import type { Airport, MetroData } from "./airport.js";
import type { Airline, CarrierData } from "./carrier.js";

export const airports = airportsJson as Airport[];
export const airlines = airlinesJson as Airline[];
export const metroData = metroJson as MetroData;
export const carrierData = carriersJson as unknown as CarrierData;
