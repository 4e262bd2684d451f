import { describe, expect, it } from "vitest";
import { normalizeText, words } from "../../tools/_world/lib/text.js";

describe("the world's normal form of text", () => {
  it.each([
    ["Dubai Mall", "dubai mall"],
    ["  DUBAI   mall ", "dubai mall"],
    ["Dubaï Mall's", "dubai malls"],
    ["Jumeirah-Lake Towers", "jumeirah lake towers"],
    ["دُبَيّ مُول", "دبي مول"],
    ["مدينة إكسبو", "مدينه اكسبو"],
    ["مستشفى", "مستشفي"],
    ["١٢ فبراير", "12 فبراير"],
  ])("%s -> %s", (text, normal) => {
    expect(normalizeText(text)).toBe(normal);
  });

  it("splits into words, and nothing for blank text", () => {
    expect(words("Terminal 3, DXB")).toEqual(["terminal", "3", "dxb"]);
    expect(words(" - ")).toEqual([]);
  });
});
