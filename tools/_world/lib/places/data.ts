// The places world's data files, typed. Importing them is the only I/O: the index is built from
// them by createPlaceIndex when a world version loads, never here.
import dubai from "../../data/places/dubai.json" with { type: "json" };
import abuDhabi from "../../data/places/abu_dhabi.json" with { type: "json" };
import sharjah from "../../data/places/sharjah.json" with { type: "json" };
import ajman from "../../data/places/ajman.json" with { type: "json" };
import rasAlKhaimah from "../../data/places/ras_al_khaimah.json" with { type: "json" };
import alAin from "../../data/places/al_ain.json" with { type: "json" };
import riyadh from "../../data/places/riyadh.json" with { type: "json" };
import jeddah from "../../data/places/jeddah.json" with { type: "json" };
import dammam from "../../data/places/dammam.json" with { type: "json" };
import doha from "../../data/places/doha.json" with { type: "json" };
import amman from "../../data/places/amman.json" with { type: "json" };
import karachi from "../../data/places/karachi.json" with { type: "json" };
import lahore from "../../data/places/lahore.json" with { type: "json" };
import islamabad from "../../data/places/islamabad.json" with { type: "json" };
import cairo from "../../data/places/cairo.json" with { type: "json" };
import london from "../../data/places/london.json" with { type: "json" };
import type { PlaceFile } from "./place.js";

/** One file per city; search_locations' cities, and London for today's places beyond every service area. */
export const placeFiles = [dubai, abuDhabi, sharjah, ajman, rasAlKhaimah, alAin, riyadh, jeddah, dammam, doha, amman, karachi, lahore, islamabad, cairo, london] as PlaceFile[];
