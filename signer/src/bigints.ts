// Math.max/min for bigint (which Math's own do not take).
export function maxOf(first: bigint, ...rest: bigint[]): bigint {
  let result = first;
  for (const value of rest) if (value > result) result = value;
  return result;
}

export function minOf(first: bigint, ...rest: bigint[]): bigint {
  let result = first;
  for (const value of rest) if (value < result) result = value;
  return result;
}
