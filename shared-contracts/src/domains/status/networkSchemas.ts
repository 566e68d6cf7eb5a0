// Per-network status (issue 29): each active network's deposits and payouts (working, delayed, paused), what was last
// seen on it, the current time estimate, and the incidents an operator opens on a network.
import { z } from 'zod';
import { EstimatedSecondsSchema } from '../market/schemas';

export const NETWORK_FLOW_STATES = ['working', 'delayed', 'paused'] as const;

/** What an incident stops or slows: the network's deposits, its payouts, or both. */
export const NETWORK_INCIDENT_SCOPES = ['deposits', 'payouts', 'both'] as const;

/** An open incident is delayed or paused; an update may also resolve it. */
export const NETWORK_INCIDENT_STATES = ['delayed', 'paused'] as const;

const NetworkFlowStateSchema = z.enum(NETWORK_FLOW_STATES);

export const NetworkIncidentUpdateSchema = z.object({
  state: z.enum([...NETWORK_INCIDENT_STATES, 'resolved'] as const),
  body: z.string(),
  createdAt: z.string(),
});

export const NetworkIncidentSchema = z
  .object({
    id: z.string(),
    networkTitle: z.string(),
    scope: z.enum(NETWORK_INCIDENT_SCOPES),
    /** The state while open (the last one once resolved). */
    state: z.enum(NETWORK_INCIDENT_STATES),
    title: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    resolvedAt: z.string().nullable(),
    /** Every update, oldest first (the first is the text it was opened with). */
    updates: z.array(NetworkIncidentUpdateSchema),
  })
  .meta({ id: 'NetworkIncident' });

export const NetworkStatusSchema = z
  .object({
    networkTitle: z.string(),
    deposits: NetworkFlowStateSchema,
    payouts: NetworkFlowStateSchema,
    /**
     * Where the states come from: an operator's open incident on this network, the custody's own signal (a real
     * chain's block follower: lag behind its node, node unreachable), the order job's progress on this network's
     * orders (the sandbox networks), or nothing amiss.
     */
    source: z.enum(['incident', 'custody', 'orders', 'none']),
    /** The open incident that sets the states (the worst, when several are open). */
    incident: z.object({ id: z.string(), title: z.string(), createdAt: z.string() }).nullable(),
    /** The last block of this network the custody's follower saw (a real chain), as a decimal string. */
    lastBlock: z.string().nullable(),
    /** The last deposit confirmation seen on this network's orders (past week), an ISO time. */
    lastConfirmationAt: z.string().nullable(),
    /** Deposit seen to payout sent on this network now (the quote's estimate). */
    estimatedSeconds: EstimatedSecondsSchema,
  })
  .meta({ id: 'NetworkStatus' });

export const NetworkStatusListSchema = z.object({
  checkedAt: z.string(),
  /** Every active network, by networkTitle. */
  networks: z.array(NetworkStatusSchema),
});

export const NetworkIncidentOpenBodySchema = z.object({
  networkTitle: z.string().trim().min(1).max(40),
  scope: z.enum(NETWORK_INCIDENT_SCOPES),
  state: z.enum(NETWORK_INCIDENT_STATES),
  title: z.string().trim().min(3).max(200),
  body: z.string().trim().min(3).max(5000),
});

export const NetworkIncidentUpdateBodySchema = z.object({
  id: z.string(),
  /** `resolved` closes it; delayed or paused moves it. */
  state: z.enum([...NETWORK_INCIDENT_STATES, 'resolved'] as const),
  body: z.string().trim().min(3).max(5000),
});

export type NetworkFlowState = (typeof NETWORK_FLOW_STATES)[number];

export type NetworkIncident = z.infer<typeof NetworkIncidentSchema>;

export type NetworkStatus = z.infer<typeof NetworkStatusSchema>;

export type NetworkStatusList = z.infer<typeof NetworkStatusListSchema>;
