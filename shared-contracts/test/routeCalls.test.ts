import { routeTable as browserRouteTable } from '../src';
import { routeCallOf } from '../src/routeCall';
import { routeCalls } from '../src/routeCalls';
import { routeTable } from '../src/routeTable';

describe("the browser's route calls (routeCalls.ts, generated)", () => {
  it('are the route table’s method, path, timeouts and body type, route for route, in its order', () => {
    const expected = Object.fromEntries(Object.entries(routeTable).map(([name, route]) => [name, routeCallOf(route)]));
    // on a difference: regenerate src/routeCalls.ts as scripts/print-route-calls.ts says
    expect(routeCalls).toEqual(expected);
    expect(Object.keys(routeCalls)).toEqual(Object.keys(routeTable));
  });

  it('are what the browser entry calls its route table, with no OpenAPI text or schema builder', () => {
    expect(browserRouteTable).toBe(routeCalls);
    for (const call of Object.values(browserRouteTable)) {
      expect(call).not.toHaveProperty('summary');
      expect(call).not.toHaveProperty('schemas');
    }
  });
});
