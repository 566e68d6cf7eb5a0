// The try-it console's one state machine (issue 13, the API reference page): the reader's inputs (the API key in
// memory only: never stored, never logged), then idle → sending → answered | failed for each request sent.
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { ApiErrorBody } from 'shared-contracts';
import { operationById, type TryItOperation, type TryItOperationId } from './operations';
import { buildTryItRequest, prettyBody, type TryItBuild, type TryItRequest } from './tryItRequest';

export interface TryItAnswer {
  status: number;
  text: string;
}

export type TryItSend = (request: TryItRequest) => Promise<TryItAnswer>;

export type TryItResult =
  | { kind: 'idle' }
  | { kind: 'sending'; request: TryItRequest }
  | { kind: 'answered'; request: TryItRequest; status: number; body: string }
  /** No answer at all (network): the §8 catalogue's shape, as the api would put it. */
  | { kind: 'failed'; request: TryItRequest; error: ApiErrorBody };

export interface TryItDeps {
  origin: string;
  send: TryItSend;
  newIdempotencyKey: () => string;
}

export class TryItStore {
  apiKey = '';
  operation: TryItOperation = operationById('partnerOrderCreate');
  params: Record<string, string> = {};
  json = this.operation.sample;
  /** Empty until the browser has mounted the console (`ensureIdempotencyKey`): server and hydration markup agree. */
  idempotencyKey = '';
  revealKey = false;
  /** Problems show once the reader tried to send. */
  showProblems = false;
  result: TryItResult = { kind: 'idle' };

  constructor(private readonly deps: TryItDeps) {
    makeObservable<TryItStore, 'answered' | 'failed'>(this, {
      apiKey: observable,
      operation: observableRef,
      params: observableRef,
      json: observable,
      idempotencyKey: observable,
      revealKey: observable,
      showProblems: observable,
      result: observableRef,
      build: computed,
      setApiKey: action,
      selectOperation: action,
      setParam: action,
      setJson: action,
      setIdempotencyKey: action,
      renewIdempotencyKey: action,
      ensureIdempotencyKey: action,
      setRevealKey: action,
      send: action,
      answered: action,
      failed: action,
    });
  }

  get build(): TryItBuild {
    return buildTryItRequest(this.operation, {
      origin: this.deps.origin,
      apiKey: this.apiKey,
      params: this.params,
      json: this.json,
      idempotencyKey: this.idempotencyKey,
    });
  }

  setApiKey(value: string) {
    this.apiKey = value;
  }

  selectOperation(id: TryItOperationId) {
    this.operation = operationById(id);
    this.json = this.operation.sample;
    this.showProblems = false;
  }

  setParam(name: string, value: string) {
    this.params = { ...this.params, [name]: value };
  }

  setJson(value: string) {
    this.json = value;
  }

  setIdempotencyKey(value: string) {
    this.idempotencyKey = value;
  }

  renewIdempotencyKey() {
    this.idempotencyKey = this.deps.newIdempotencyKey();
  }

  ensureIdempotencyKey() {
    if (!this.idempotencyKey) this.idempotencyKey = this.deps.newIdempotencyKey();
  }

  setRevealKey(value: boolean) {
    this.revealKey = value;
  }

  /** Sends the built request; a request that cannot be built shows its problem instead. */
  async send(): Promise<void> {
    const build = this.build;
    if (!build.ok) {
      this.showProblems = true;
      return;
    }
    if (this.result.kind === 'sending') return;
    const { request } = build;
    const operation = this.operation;
    this.showProblems = false;
    this.result = { kind: 'sending', request };
    try {
      const answer = await this.deps.send(request);
      this.answered(operation, request, answer);
    } catch (error) {
      this.failed(request, error);
    }
  }

  private answered(operation: TryItOperation, request: TryItRequest, answer: TryItAnswer) {
    this.result = { kind: 'answered', request, status: answer.status, body: prettyBody(answer.text) };
    // the order just created is the one "Get an order" asks for next
    if (operation.id === 'partnerOrderCreate' && answer.status === 200) {
      const orderId = orderIdOf(answer.text);
      if (orderId) this.params = { ...this.params, orderId };
    }
  }

  private failed(request: TryItRequest, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    this.result = {
      kind: 'failed',
      request,
      error: { statusCode: 0, code: 'ERR_SERVICE_UNAVAILABLE', message: `${request.method} ${request.url} failed: ${message}` },
    };
  }
}

function orderIdOf(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && typeof (value as { orderId?: unknown }).orderId === 'string' ? (value as { orderId: string }).orderId : null;
  } catch {
    return null;
  }
}
