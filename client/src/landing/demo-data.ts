/**
 * The landing page's read-only demo: Maya's web of six people (docs/product.md §2: 6 nodes at 60-degree
 * steps), the timelines she shares with each and their memories. Sample people, generated photos
 * (client/public/demo/, made by scripts/generate-demo-images.mjs); nothing here is real.
 */

export type Privacy = "private" | "semi-private" | "public";

export interface DemoMemory {
  id: string;
  /** Base name of the photo in /demo/: `${image}-240.webp` and `${image}-640.webp`. */
  image: string;
  /** Describes the picture for people who cannot see it. */
  alt: string;
  caption: string;
  /** YYYY-MM-DD */
  date: string;
  location: string;
  meaning: string;
}

export interface DemoTimeline {
  title: string;
  privacy: Privacy;
  memories: DemoMemory[];
}

export interface DemoPerson {
  id: string;
  name: string;
  initials: string;
  relation: string;
  /** A colour for the initials avatar (white text on it passes WCAG AA). */
  color: string;
  timelines: DemoTimeline[];
}

/** The sizes every demo photo exists in (width in px, 4:3). */
export const PHOTO_WIDTHS = [240, 640] as const;
export const PHOTO_RATIO = 3 / 4;

export const PRIVACY_LABEL: Record<Privacy, string> = {
  private: "Private",
  "semi-private": "Semi-private",
  public: "Public",
};

export const CENTER = { name: "Maya", initials: "M" };

export const PEOPLE: DemoPerson[] = [
  {
    id: "sam",
    name: "Sam",
    initials: "S",
    relation: "Partner",
    color: "#be123c",
    timelines: [
      {
        title: "Summers by the sea",
        privacy: "private",
        memories: [
          {
            id: "pier",
            image: "sunset-pier",
            alt: "Two people sitting at the end of a wooden pier at sunset",
            caption: "The pier, the night we got the keys",
            date: "2024-07-19",
            location: "Brighton",
            meaning:
              "We'd just signed for our first flat and had nowhere to sit, so we sat here until the sun was gone.",
          },
          {
            id: "umbrella",
            image: "beach-umbrella",
            alt: "A red and white beach umbrella and a blue towel on yellow sand",
            caption: "Borrowed umbrella, best day",
            date: "2024-08-03",
            location: "Camber Sands",
            meaning: "Sam forgot everything except the sandwiches. It was still perfect.",
          },
          {
            id: "canoe",
            image: "lake-canoe",
            alt: "Two people paddling a canoe on a calm blue lake",
            caption: "First time in a canoe",
            date: "2024-08-24",
            location: "Lake Windermere",
            meaning: "We only went in circles for the first ten minutes. Then we found our rhythm.",
          },
        ],
      },
    ],
  },
  {
    id: "nora",
    name: "Nora",
    initials: "N",
    relation: "Sister",
    color: "#7e22ce",
    timelines: [
      {
        title: "Sister trips",
        privacy: "semi-private",
        memories: [
          {
            id: "road",
            image: "desert-road",
            alt: "An empty road running through orange desert dunes",
            caption: "No signal, no plan",
            date: "2023-10-07",
            location: "Tabernas",
            meaning: "The first trip just the two of us since we were kids.",
          },
          {
            id: "aurora",
            image: "northern-lights",
            alt: "Green northern lights over dark hills and pine trees",
            caption: "We stayed up for this",
            date: "2024-02-16",
            location: "Tromsø",
            meaning: "Three cold nights of waiting, and Nora saw it first.",
          },
        ],
      },
    ],
  },
  {
    id: "leo",
    name: "Leo",
    initials: "L",
    relation: "Best friend",
    color: "#1d4ed8",
    timelines: [
      {
        title: "Trail days",
        privacy: "public",
        memories: [
          {
            id: "trail",
            image: "mountain-trail",
            alt: "A path winding up green hills towards snow-capped mountains",
            caption: "Top of the ridge, finally",
            date: "2024-05-11",
            location: "Snowdonia",
            meaning: "Leo carried my bag for the last mile and never mentioned it once.",
          },
          {
            id: "autumn",
            image: "autumn-park",
            alt: "A row of orange, red and yellow autumn trees along a path",
            caption: "Our usual Sunday loop",
            date: "2023-11-05",
            location: "Richmond Park",
            meaning: "Same walk every Sunday for six years. This was the prettiest one.",
          },
        ],
      },
    ],
  },
  {
    id: "rosa",
    name: "Rosa",
    initials: "R",
    relation: "Grandmother",
    color: "#b45309",
    timelines: [
      {
        title: "Rosa's garden",
        privacy: "private",
        memories: [
          {
            id: "garden",
            image: "garden-flowers",
            alt: "A flower bed full of pink, purple and yellow flowers",
            caption: "Her dahlias came back",
            date: "2024-06-30",
            location: "Rosa's garden",
            meaning: "She planted them the year I was born and still knows every one by name.",
          },
          {
            id: "picnic",
            image: "picnic-field",
            alt: "A red picnic blanket on a green meadow beside a tree",
            caption: "Picnic for her 90th",
            date: "2024-04-21",
            location: "Hampstead Heath",
            meaning: "Four generations on one blanket.",
          },
        ],
      },
    ],
  },
  {
    id: "ines",
    name: "Ines",
    initials: "I",
    relation: "College friend",
    color: "#0f766e",
    timelines: [
      {
        title: "City nights",
        privacy: "semi-private",
        memories: [
          {
            id: "city",
            image: "city-lights",
            alt: "A city skyline at night with lit windows and a full moon",
            caption: "Rooftop after finals",
            date: "2023-06-14",
            location: "Lisbon",
            meaning: "Ten years since we met, and we still talk until the lights go out.",
          },
          {
            id: "concert",
            image: "concert-night",
            alt: "Coloured stage lights shining over a crowd at a concert",
            caption: "Front row, somehow",
            date: "2024-03-09",
            location: "Porto",
            meaning: "Ines queued for six hours. I brought the coffee.",
          },
        ],
      },
    ],
  },
  {
    id: "theo",
    name: "Theo",
    initials: "T",
    relation: "Dad",
    color: "#475569",
    timelines: [
      {
        title: "Winter at the cabin",
        privacy: "private",
        memories: [
          {
            id: "cabin",
            image: "snow-cabin",
            alt: "A small red cabin with a lit window in falling snow",
            caption: "Snowed in, happily",
            date: "2023-12-27",
            location: "Cairngorms",
            meaning: "Dad taught me his bread recipe while the road was closed.",
          },
        ],
      },
    ],
  },
];

/** Every memory of the demo by id (the viewer opens them from the widgets and the web). */
export const MEMORIES: Record<string, DemoMemory> = Object.fromEntries(
  PEOPLE.flatMap((p) => p.timelines.flatMap((t) => t.memories)).map((m) => [m.id, m]),
);

export const memoryCount = (person: DemoPerson): number => person.timelines.reduce((n, t) => n + t.memories.length, 0);
