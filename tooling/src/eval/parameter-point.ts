/** A value one coordinate of a parameter search can take. */
export type ParameterValue = number | boolean;

/**
 * A point of the search: the coordinates whose value differs from the start, by name. The
 * start itself is `{}`; a point never lists a coordinate at its start value, so equal points
 * are equal objects (`pointKey`).
 */
export type ParameterPoint = Readonly<Record<string, ParameterValue>>;

/** One coordinate of the search: its name, its value at the start and the values tried. */
export interface ParameterCoordinate {
  readonly name: string;
  /** The value at the start (today's). */
  readonly start: ParameterValue;
  /** The values tried, in order; the start's among them or not. */
  readonly values: readonly ParameterValue[];
}

/** The value of `coordinate` at `point`. */
export function valueAt(point: ParameterPoint, coordinate: ParameterCoordinate): ParameterValue {
  return Object.hasOwn(point, coordinate.name)
    ? (point[coordinate.name] as ParameterValue)
    : coordinate.start;
}

/** `point` with `coordinate` at `value`: without it when that is its start. */
export function withValue(
  point: ParameterPoint,
  coordinate: ParameterCoordinate,
  value: ParameterValue,
): ParameterPoint {
  const next: Record<string, ParameterValue> = { ...point };
  if (value === coordinate.start) delete next[coordinate.name];
  else next[coordinate.name] = value;
  return next;
}

/** A point's key: equal for equal points, whatever their order. */
export function pointKey(point: ParameterPoint): string {
  return JSON.stringify(
    Object.keys(point)
      .sort()
      .map((name) => [name, point[name]]),
  );
}
