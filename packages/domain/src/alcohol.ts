/**
 * The alcohol calculator (spec §1 "alcohol calculator", §3 alcohol input, §4 effect levels, §5 limits, §9 penalties):
 * a Widmark estimate of blood alcohol over time, its breath equivalent, the effect level and the legal penalty band of
 * Decree 168/2024/NĐ-CP. Every number carries its source tag from shared/reference/domain-rules.md §1–2 (the sources
 * are listed there); `now` and the drinking times are parameters, instants in ms.
 *
 * It is an estimate for education, never a verdict on fitness to drive: Vietnam's Law 36/2024/QH15 Art. 9(2) forbids
 * driving with any alcohol at all in blood or breath [L2 §9.2]; the bands only grade the penalty.
 */

/** Grams of ethanol in a millilitre of it at 20 °C [A11]. */
export const ETHANOL_DENSITY_G_PER_ML = 0.789;
/** Widmark distribution factor r by sex [A1], [A3], [A4]. */
export const WIDMARK_R = { male: 0.68, female: 0.55 } as const;
/** Elimination rate β in g/L per hour (= 15 mg/100 ml per hour) [A1], [A5], [A6]. */
export const ELIMINATION_G_PER_L_PER_HOUR = 0.15;
/**
 * Blood:breath ratio. 2000:1 matches Vietnam's legal pairs exactly (50 mg/100 ml ↔ 0.25 mg/L, 80 ↔ 0.4) [L1 §6.6.c,
 * §6.9.a], [A8]; the spec also allows 2100:1 (domain-rules §1.3 SPEC-DIFF).
 */
export const BLOOD_BREATH_RATIO = 2000;
/** The unit of alcohol quoted in Vietnamese health communication: 10 g of ethanol [A13]. */
export const ALCOHOL_UNIT_GRAMS = 10;

export const ALCOHOL_SEXES = ['male', 'female'] as const;
export type AlcoholSex = (typeof ALCOHOL_SEXES)[number];

/** Spec §5: a drink's strength, % by volume, above 0 and at most 100. */
export const ABV_LIMITS = { min: 0, max: 100 } as const;
/** Spec §5: a drink's volume in ml, 10 to 10,000. */
export const VOLUME_LIMITS_ML = { min: 10, max: 10_000 } as const;
/** Body weight the estimate accepts, kg (the model's r is for adults; below 20 kg it does not apply). Our bound. */
export const WEIGHT_LIMITS_KG = { min: 20, max: 300 } as const;
/** How many of one drink a line may count, how many lines a session and how many sessions an estimate. Our bounds. */
export const DRINK_COUNT_MAX = 50;
export const DRINKS_PER_SESSION_MAX = 20;
export const SESSIONS_MAX = 10;
/** The first session starts at most this long before drinking ended (the estimate is for one evening or day). */
export const DRINKING_SPAN_MAX_HOURS = 48;

/** The drinks of spec §3, "shochu" as soju and rượu nếp as two (domain-rules §1.4 SPEC-DIFF). */
export const DRINK_KINDS = [
  'beer',
  'soju',
  'cocktail',
  'wine',
  'fermentedRiceWine',
  'glutinousRiceSpirit',
  'vodka',
  'infusedLiquor',
  'riceSpirit',
  'whiskey',
  'other',
] as const;
export type DrinkKind = (typeof DRINK_KINDS)[number];

export const SERVING_KINDS = ['can', 'bottle', 'draughtGlass', 'shotGlass', 'cup', 'glass', 'wineBottle', 'spiritBottle'] as const;
export type ServingKind = (typeof SERVING_KINDS)[number];

export interface DrinkPreset {
  /** Default strength, % by volume; `null` for "other", which the person fills in. */
  abv: number | null;
  /** Serving sizes a person in Vietnam recognises, ml; the first is the default. */
  servings: readonly { kind: ServingKind; ml: number }[];
  source: string;
}

/** Serving sizes from `[kind, ml]` pairs, the default first. */
function servings(...sizes: readonly (readonly [ServingKind, number])[]): DrinkPreset['servings'] {
  return sizes.map(([kind, ml]) => ({ kind, ml }));
}

const SPIRIT_SERVINGS = servings(['cup', 30], ['glass', 50], ['spiritBottle', 500]);

/** Default strengths [A12], [A13], [A14], [A15], [A18]; serving sizes as sold or poured in Vietnam (editable). */
export const DRINK_PRESETS: Record<DrinkKind, DrinkPreset> = {
  beer: { abv: 5, servings: servings(['can', 330], ['bottle', 450], ['draughtGlass', 300]), source: 'A12, A13' },
  soju: { abv: 17, servings: servings(['shotGlass', 50], ['bottle', 360]), source: 'A18' },
  cocktail: { abv: 15, servings: servings(['glass', 150]), source: 'A12b' },
  wine: { abv: 12, servings: servings(['glass', 150], ['wineBottle', 750]), source: 'A12, A13' },
  fermentedRiceWine: { abv: 13, servings: servings(['cup', 100]), source: 'A14' },
  glutinousRiceSpirit: { abv: 40, servings: SPIRIT_SERVINGS, source: 'A15' },
  vodka: { abv: 40, servings: servings(['shotGlass', 30], ['spiritBottle', 500]), source: 'A12' },
  infusedLiquor: { abv: 40, servings: SPIRIT_SERVINGS, source: 'A14' },
  riceSpirit: { abv: 40, servings: SPIRIT_SERVINGS, source: 'A14, A16, A17' },
  whiskey: { abv: 40, servings: servings(['shotGlass', 30], ['glass', 60], ['spiritBottle', 700]), source: 'A12' },
  other: { abv: null, servings: [], source: '' },
};

export interface Drink {
  /** % by volume. */
  abv: number;
  volumeMl: number;
  count: number;
}

export interface DrinkingSession {
  /** When the session began (ms). */
  start: number;
  drinks: readonly Drink[];
}

export interface AlcoholInput {
  sessions: readonly DrinkingSession[];
  /** When the last drink was finished (ms). */
  end: number;
  sex: AlcoholSex;
  weightKg: number;
}

/** A point of the estimate: blood alcohol in mg/100 ml at an instant; the curve is straight between points. */
export interface AlcoholPoint {
  time: number;
  mgPer100ml: number;
}

const HOUR_MS = 3_600_000;

/** Grams of ethanol in a drink: volume × ABV × density [A20], [A11]. */
export function gramsOfAlcohol(volumeMl: number, abvPercent: number): number {
  return volumeMl * (abvPercent / 100) * ETHANOL_DENSITY_G_PER_ML;
}

/** Grams of ethanol of a session's drinks. */
export function sessionGrams(session: Pick<DrinkingSession, 'drinks'>): number {
  return session.drinks.reduce((sum, drink) => sum + drink.count * gramsOfAlcohol(drink.volumeMl, drink.abv), 0);
}

/** Breath alcohol in mg/L for a blood alcohol in mg/100 ml, at 2000:1 [L1], [A8]. */
export function breathFromBlood(mgPer100ml: number): number {
  return (mgPer100ml * 10) / BLOOD_BREATH_RATIO;
}

/**
 * The Widmark estimate over time [A1]: each session's alcohol enters evenly from its start until the next session
 * starts or drinking ends (a session that ends where it starts is taken at once, the textbook case), is spread over
 * r × weight, and leaves at β while any is left. Zero-order elimination makes the curve straight between its breaks, so
 * the points are exact: the first is the first session's start, the last is when the estimate is back at zero.
 */
export function alcoholCurve(input: AlcoholInput): AlcoholPoint[] {
  const sessions = [...input.sessions].sort((a, b) => a.start - b.start);
  const first = sessions[0];
  if (!first) return [];
  const volume = WIDMARK_R[input.sex] * input.weightKg;
  const beta = ELIMINATION_G_PER_L_PER_HOUR;
  // Intake windows, in hours since the first start, each with its amount in g/L.
  const windows = sessions.map((session, index) => {
    const from = (session.start - first.start) / HOUR_MS;
    const nextStart = sessions[index + 1]?.start ?? Number.POSITIVE_INFINITY;
    const to = (Math.max(session.start, Math.min(nextStart, input.end)) - first.start) / HOUR_MS;
    return { from, to, amount: sessionGrams(session) / volume };
  });
  const breaks = [...new Set(windows.flatMap((w) => [w.from, w.to]))].sort((a, b) => a - b);

  const points: { hour: number; gPerL: number }[] = [{ hour: 0, gPerL: 0 }];
  let level = 0;
  // A point at `hour` unless the last one is there already with this level.
  const push = (hour: number) => {
    const last = points[points.length - 1];
    if (!last || last.hour !== hour || last.gPerL !== level) points.push({ hour, gPerL: level });
  };
  for (const [index, at] of breaks.entries()) {
    push(at);
    // Taken at once at this instant: the curve rises straight up.
    const atOnce = windows.reduce((sum, w) => (w.from === at && w.to === at ? sum + w.amount : sum), 0);
    if (atOnce > 0) {
      level += atOnce;
      points.push({ hour: at, gPerL: level });
    }
    const next = breaks[index + 1];
    if (next === undefined) break;
    const rate = windows.reduce((sum, w) => (w.from <= at && w.to >= next && w.to > w.from ? sum + w.amount / (w.to - w.from) : sum), 0);
    const slope = rate - beta;
    if (level <= 0 && slope <= 0) continue; // nothing builds up: each sip leaves as fast as it comes
    const empty = slope < 0 ? at + level / -slope : Number.POSITIVE_INFINITY;
    if (empty < next) {
      level = 0;
      push(empty);
    } else level += slope * (next - at);
  }
  const lastBreak = points[points.length - 1];
  if (lastBreak && level > 0) {
    const zero = lastBreak.hour + level / beta;
    level = 0;
    push(zero);
  }
  return points.map(({ hour, gPerL }) => ({ time: first.start + hour * HOUR_MS, mgPer100ml: Math.max(0, gPerL) * 100 }));
}

/** The estimate at an instant: 0 before the first point and after the last; after a rise straight up, its top. */
export function alcoholAt(points: readonly AlcoholPoint[], time: number): number {
  const index = points.findLastIndex((point) => point.time <= time);
  const a = points[index];
  const b = points[index + 1];
  if (!a || !b) return 0;
  return a.mgPer100ml + ((b.mgPer100ml - a.mgPer100ml) * (time - a.time)) / (b.time - a.time);
}

/** The highest point of the estimate. */
export function alcoholPeak(points: readonly AlcoholPoint[]): AlcoholPoint {
  return points.reduce<AlcoholPoint>((best, point) => (point.mgPer100ml > best.mgPer100ml ? point : best), {
    time: points[0]?.time ?? 0,
    mgPer100ml: 0,
  });
}

/**
 * From when on the estimate stays at or below `mgPer100ml` for good: the last downward crossing of it, the first
 * point's time when it never rises above it.
 */
export function alcoholFallsTo(points: readonly AlcoholPoint[], mgPer100ml: number): number {
  for (let index = points.length - 1; index > 0; index -= 1) {
    const a = points[index - 1];
    const b = points[index];
    if (a && b && a.mgPer100ml > mgPer100ml) {
      return a.time + ((b.time - a.time) * (a.mgPer100ml - mgPer100ml)) / (a.mgPer100ml - b.mgPer100ml);
    }
  }
  return points[0]?.time ?? 0;
}

/* ---------------------------------------------------------------- effect levels (spec §4, domain-rules §1.5) */

export const ALCOHOL_EFFECT_LEVELS = ['none', 'slight', 'average', 'severe', 'lifeThreatening'] as const;
export type AlcoholEffectLevel = (typeof ALCOHOL_EFFECT_LEVELS)[number];

/** Lower bounds in mg/100 ml of each effect level above none [A19a–d], [A1]: 1–49, 50–79, 80–299, ≥ 300. */
export const EFFECT_LEVEL_FROM: Record<Exclude<AlcoholEffectLevel, 'none'>, number> = {
  slight: 0,
  average: 50,
  severe: 80,
  lifeThreatening: 300,
};

/** The effect level of a blood alcohol (mg/100 ml): none at 0, slight above it, then from each bound on. */
export function alcoholEffectLevel(mgPer100ml: number): AlcoholEffectLevel {
  if (mgPer100ml >= EFFECT_LEVEL_FROM.lifeThreatening) return 'lifeThreatening';
  if (mgPer100ml >= EFFECT_LEVEL_FROM.severe) return 'severe';
  if (mgPer100ml >= EFFECT_LEVEL_FROM.average) return 'average';
  return mgPer100ml > 0 ? 'slight' : 'none';
}

/* ---------------------------------------------------------------- penalties (domain-rules §2.2) */

export const VEHICLES = ['car', 'motorbike', 'bicycle'] as const;
export type Vehicle = (typeof VEHICLES)[number];
export const PENALTY_LEVELS = [1, 2, 3] as const;
export type PenaltyLevel = (typeof PENALTY_LEVELS)[number];

/** The decree the penalties come from, with its dates, shown beside them [L1]. */
export const ALCOHOL_PENALTY_DECREE = { number: '168/2024/NĐ-CP', signed: '2024-12-26', inForce: '2025-01-01' } as const;

/**
 * Each level's upper bound, in both units the law uses: level 1 up to 50 mg/100 ml blood or 0.25 mg/L breath, level 2
 * above that up to 80 or 0.4, level 3 above [L1 §6.6.c, §6.9.a, §6.11.a].
 */
export const PENALTY_LEVEL_UP_TO = {
  1: { blood: 50, breath: 0.25 },
  2: { blood: 80, breath: 0.4 },
} as const;

export interface Penalty {
  fine: { min: number; max: number };
  /** What happens to the licence: points taken off its 12 [L2 §58], a suspension in months, or nothing (no licence). */
  licence: { points: number; clause: string } | { suspendedMonths: { min: number; max: number }; clause: string } | null;
  /** The clause of the fine. */
  clause: string;
}

/** Decree 168/2024 Art. 6 (cars), 7 (motorbikes, mopeds), 9 (bicycles, e-bikes, non-motorised) [L1]. */
export const ALCOHOL_PENALTIES: Record<Vehicle, Record<PenaltyLevel, Penalty>> = {
  car: {
    1: { fine: { min: 6_000_000, max: 8_000_000 }, licence: { points: 4, clause: '6.16.b' }, clause: '6.6.c' },
    2: { fine: { min: 18_000_000, max: 20_000_000 }, licence: { points: 10, clause: '6.16.d' }, clause: '6.9.a' },
    3: {
      fine: { min: 30_000_000, max: 40_000_000 },
      licence: { suspendedMonths: { min: 22, max: 24 }, clause: '6.15.c' },
      clause: '6.11.a',
    },
  },
  motorbike: {
    1: { fine: { min: 2_000_000, max: 3_000_000 }, licence: { points: 4, clause: '7.13.b' }, clause: '7.6.a' },
    2: { fine: { min: 6_000_000, max: 8_000_000 }, licence: { points: 10, clause: '7.13.d' }, clause: '7.8.b' },
    3: { fine: { min: 8_000_000, max: 10_000_000 }, licence: { suspendedMonths: { min: 22, max: 24 }, clause: '7.12.c' }, clause: '7.9.d' },
  },
  bicycle: {
    1: { fine: { min: 100_000, max: 200_000 }, licence: null, clause: '9.1.p' },
    2: { fine: { min: 300_000, max: 400_000 }, licence: null, clause: '9.3.d' },
    3: { fine: { min: 400_000, max: 600_000 }, licence: null, clause: '9.4.b' },
  },
};

/**
 * Impoundment: Decree 168 Art. 48(1) lets the officer hold the vehicle before the decision for every clause above; the
 * period is set by the Law on Handling Administrative Violations Art. 125 — up to 7 working days, extendable to at most
 * 30 (spec §9; domain-rules §2.2 and §7.4).
 */
export const IMPOUNDMENT = { days: 7, extendedDaysMax: 30, decreeClause: '48.1', lawArticle: 125 } as const;

/** The penalty band of a reading in blood (mg/100 ml): 0 when there is none, else 1–3 by the bounds above. */
export function penaltyLevelOfBlood(mgPer100ml: number): PenaltyLevel | 0 {
  if (mgPer100ml <= 0) return 0;
  if (mgPer100ml <= PENALTY_LEVEL_UP_TO[1].blood) return 1;
  return mgPer100ml <= PENALTY_LEVEL_UP_TO[2].blood ? 2 : 3;
}

/** The penalty band of a breath reading (mg/L), by the breath bounds. */
export function penaltyLevelOfBreath(mgPerL: number): PenaltyLevel | 0 {
  if (mgPerL <= 0) return 0;
  if (mgPerL <= PENALTY_LEVEL_UP_TO[1].breath) return 1;
  return mgPerL <= PENALTY_LEVEL_UP_TO[2].breath ? 2 : 3;
}

/* ---------------------------------------------------------------- the whole estimate */

export interface AlcoholEstimate {
  points: AlcoholPoint[];
  grams: number;
  peak: AlcoholPoint;
  /** Blood alcohol now and when drinking ended, mg/100 ml. */
  now: number;
  atEnd: number;
  /** When the estimate falls to the top of level 2 (80), of level 1 (50), and to zero. */
  below80: number;
  below50: number;
  zero: number;
}

/** Everything the result step shows, for the person's input at `now`. */
export function estimateAlcohol(input: AlcoholInput, now: number): AlcoholEstimate {
  const points = alcoholCurve(input);
  return {
    points,
    grams: input.sessions.reduce((sum, session) => sum + sessionGrams(session), 0),
    peak: alcoholPeak(points),
    now: alcoholAt(points, now),
    atEnd: alcoholAt(points, input.end),
    below80: alcoholFallsTo(points, PENALTY_LEVEL_UP_TO[2].blood),
    below50: alcoholFallsTo(points, PENALTY_LEVEL_UP_TO[1].blood),
    zero: points[points.length - 1]?.time ?? input.end,
  };
}
