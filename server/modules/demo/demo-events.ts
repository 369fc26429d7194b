import type { EventCategory } from "#contract/event-options.ts";
import type { DemoCode } from "./demo-codes.ts";

export type DemoTicket = {
  name: string;
  description?: string;
  priceMinor: number;
  currency: string;
  capacity: number;
  /** How many the demo's guests book (demo-bookings.ts): what every screen then counts. */
  sold: number;
  /** Sold only with an access code that names it (decision 036). */
  hidden?: boolean;
};

export type DemoEvent = {
  title: string;
  category: EventCategory;
  venueName: string;
  venueAddress: string;
  timeZone: string;
  /** Days from today, and the local start time in the event's zone. */
  inDays: number;
  at: string;
  hours: number;
  description: string;
  tickets: DemoTicket[];
  /** Promo and access codes (demo-codes.ts). */
  codes?: DemoCode[];
};

/**
 * The demo's dozen events over the coming weeks: every category but one, free and paid,
 * plenty left, a few left (The Lantern Quartet, Riverside Comedy), one sold out; the
 * Family Science Fair has a hidden press type and two codes (PRESS, EARLY20). Small
 * venues: every ticket sold is a real booking made at seed time (demo-bookings.ts), and
 * a booking costs about fifteen statements.
 */
export const demoEvents: DemoEvent[] = [
  {
    title: "The Lantern Quartet: Winter Jazz",
    category: "music",
    venueName: "Blue Door Jazz Club",
    venueAddress: "12 Canal Street, London",
    timeZone: "Europe/London",
    inDays: 3,
    at: "20:00",
    hours: 3,
    description:
      "An evening of **standards and new arrangements** by the Lantern Quartet.\n\nDoors open at 19:30. Seating is first come, first served.\n\n- Bar open all evening\n- Step-free access",
    tickets: [
      { name: "Standing", priceMinor: 1800, currency: "GBP", capacity: 40, sold: 36 },
      { name: "Table for two", priceMinor: 5000, currency: "GBP", capacity: 10, sold: 10 },
    ],
  },
  {
    title: "Riverside Comedy Night",
    category: "theatre",
    venueName: "The Riverside Theatre",
    venueAddress: "4 Quay Road, Bristol",
    timeZone: "Europe/London",
    inDays: 5,
    at: "19:30",
    hours: 2,
    description:
      "Four stand-up comedians, one compère and a lot of _very_ questionable audience participation.\n\nSuitable for ages 16 and over.",
    tickets: [
      { name: "General admission", priceMinor: 1200, currency: "GBP", capacity: 60, sold: 53 },
    ],
  },
  {
    title: "Sunday Farmers' Market",
    category: "food",
    venueName: "Old Market Square",
    venueAddress: "Market Square, Nottingham",
    timeZone: "Europe/London",
    inDays: 6,
    at: "09:00",
    hours: 5,
    description:
      "Local growers, bakers and cheesemakers, with street food from noon. Bring your own bags.\n\nMore about the traders: https://example.com/market",
    tickets: [{ name: "Entry", priceMinor: 0, currency: "GBP", capacity: 400, sold: 24 }],
  },
  {
    title: "Fado by the River",
    category: "music",
    venueName: "Casa do Fado",
    venueAddress: "Rua da Esperança 40, Lisboa",
    timeZone: "Europe/Lisbon",
    inDays: 9,
    at: "21:00",
    hours: 2,
    description:
      "Traditional fado sung by candlelight, with Portuguese guitar and viola.\n\nA glass of port is included with every ticket.",
    tickets: [
      { name: "Seat", priceMinor: 2500, currency: "EUR", capacity: 40, sold: 14 },
      { name: "Front row", priceMinor: 4000, currency: "EUR", capacity: 8, sold: 2 },
    ],
  },
  {
    title: "Startup Breakfast: Building in Public",
    category: "business",
    venueName: "Innovation Hub",
    venueAddress: "1 Tech Lane, Manchester",
    timeZone: "Europe/London",
    inDays: 10,
    at: "08:00",
    hours: 2,
    description:
      "Three founders talk about sharing their numbers, mistakes and roadmaps openly.\n\n- Coffee and pastries from 07:45\n- Questions from the floor",
    tickets: [
      { name: "Free ticket", priceMinor: 0, currency: "GBP", capacity: 80, sold: 20 },
      {
        name: "Supporter",
        description: "Helps pay for the venue.",
        priceMinor: 1000,
        currency: "GBP",
        capacity: 20,
        sold: 4,
      },
    ],
  },
  {
    title: "Family Science Fair",
    category: "family",
    venueName: "City Museum",
    venueAddress: "Museum Street, Edinburgh",
    timeZone: "Europe/London",
    inDays: 12,
    at: "10:00",
    hours: 6,
    description:
      "Hands-on experiments for curious minds of every age: rockets, slime, circuits and a planetarium show.\n\nChildren under 3 go free and need no ticket.",
    tickets: [
      { name: "Adult", priceMinor: 800, currency: "GBP", capacity: 120, sold: 14 },
      { name: "Child (3-15)", priceMinor: 400, currency: "GBP", capacity: 120, sold: 16 },
      { name: "Family (2+2)", priceMinor: 2000, currency: "GBP", capacity: 40, sold: 4 },
      { name: "Press", priceMinor: 0, currency: "GBP", capacity: 20, sold: 0, hidden: true },
    ],
    // The press pass is seen only with PRESS (the link `?code=PRESS`); EARLY20 takes
    // 20 % off every public type.
    codes: [
      {
        code: "PRESS",
        discount: { kind: "none" },
        maxUses: 20,
        maxPerPerson: null,
        ticketNames: ["Press"],
      },
      {
        code: "EARLY20",
        discount: { kind: "percent", percent: 20 },
        maxUses: 100,
        maxPerPerson: 2,
        ticketNames: [],
      },
    ],
  },
  {
    title: "Berlin Techno Marathon",
    category: "nightlife",
    venueName: "Kraftwerk Halle",
    venueAddress: "Köpenicker Straße 70, Berlin",
    timeZone: "Europe/Berlin",
    inDays: 14,
    at: "23:00",
    hours: 10,
    description:
      "Ten hours in a small basement club, no phones on the dance floor (stickers at the door).",
    tickets: [{ name: "Entry", priceMinor: 3000, currency: "EUR", capacity: 40, sold: 40 }],
  },
  {
    title: "City 10K Fun Run",
    category: "sports",
    venueName: "Victoria Park",
    venueAddress: "Grove Road, London",
    timeZone: "Europe/London",
    inDays: 17,
    at: "09:30",
    hours: 3,
    description:
      "A flat, fast 10 kilometre loop. Chip timing, a medal for every finisher and a **free** photo.",
    tickets: [
      { name: "Runner", priceMinor: 2200, currency: "GBP", capacity: 300, sold: 30 },
      { name: "Spectator", priceMinor: 0, currency: "GBP", capacity: 500, sold: 8 },
    ],
  },
  {
    title: "Modern Printmaking Exhibition",
    category: "arts",
    venueName: "Northlight Gallery",
    venueAddress: "22 Harbour Walk, Leeds",
    timeZone: "Europe/London",
    inDays: 20,
    at: "11:00",
    hours: 7,
    description:
      "Forty prints by twelve contemporary artists, from woodcut to risograph.\n\nThe curator's tour starts at 14:00.",
    tickets: [{ name: "Entry", priceMinor: 600, currency: "GBP", capacity: 150, sold: 12 }],
  },
  {
    title: "Neighbourhood Clean-up Day",
    category: "community",
    venueName: "Greenway Community Centre",
    venueAddress: "8 Elm Row, Glasgow",
    timeZone: "Europe/London",
    inDays: 24,
    at: "10:00",
    hours: 4,
    description:
      "Gloves, pickers and lunch provided. We finish with a picnic in the park if the weather is kind.",
    tickets: [{ name: "Volunteer", priceMinor: 0, currency: "GBP", capacity: 60, sold: 8 }],
  },
  {
    title: "Broadway Classics Concert",
    category: "music",
    venueName: "Hudson Concert Hall",
    venueAddress: "250 W 57th St, New York",
    timeZone: "America/New_York",
    inDays: 29,
    at: "19:00",
    hours: 3,
    description:
      "The Hudson Pops Orchestra plays the great show tunes, with guest singers from the stage.",
    tickets: [
      { name: "Balcony", priceMinor: 4500, currency: "USD", capacity: 200, sold: 24 },
      { name: "Orchestra stalls", priceMinor: 8900, currency: "USD", capacity: 40, sold: 32 },
    ],
  },
  {
    title: "Wine Tasting: Wines of the Douro",
    category: "food",
    venueName: "Cellar 19",
    venueAddress: "19 Vine Street, London",
    timeZone: "Europe/London",
    inDays: 35,
    at: "18:30",
    hours: 2,
    description:
      "Six wines from the Douro valley, with cheese and a sommelier who loves questions.\n\nYou must be 18 or over.",
    tickets: [{ name: "Tasting", priceMinor: 3500, currency: "GBP", capacity: 24, sold: 6 }],
  },
];
