// The Kubernetes manifests (deploy/k8s: kustomize base + production overlay), rendered and validated offline in
// `pnpm lint`: every object against the Kubernetes OpenAPI schemas (kubernetes-models), then the cross-references a
// schema cannot see: Service selectors and Deployment labels, probe paths in the route table, ports against
// docker-compose.yml and shared-contracts/remotes.cjs, drain times, PDB below replicas, no `replicas` beside an HPA,
// two replicas and a PDB for every remote, api and web spread over nodes and zones, secrets never committed.
//
// No kustomize binary comes from npm or Debian, so render() applies the few kustomize features the
// kustomizations may use — resources, namespace, images and JSON 6902 patches (applied by fast-json-patch) — and
// refuses any other field. Where `kubectl` is installed, its `kubectl kustomize` output must equal ours.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import fastJsonPatch from 'fast-json-patch';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { REMOTES, SHELL_DEV_PORT } from 'shared-contracts/remotes';
import { parse, parseAllDocuments } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const k8sDir = path.join(root, 'deploy/k8s');

// ── render: the kustomize subset ──

const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'patches']);

function readYamlObjects(file) {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => {
      assert.deepEqual(doc.errors, [], `${file}: YAML errors`);
      return doc.toJS();
    })
    .filter(Boolean);
}

function render(dir) {
  const k = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'));
  const extra = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  assert.deepEqual(extra, [], `${path.relative(root, dir)}/kustomization.yaml uses fields this test cannot render`);
  let objects = [];
  for (const res of k.resources ?? []) {
    const p = path.join(dir, res);
    objects.push(...(statSync(p).isDirectory() ? render(p) : readYamlObjects(p)));
  }
  objects = structuredClone(objects);
  if (k.namespace) for (const o of objects) o.metadata.namespace = k.namespace;
  for (const image of k.images ?? []) {
    for (const o of objects) {
      const pod = o.spec?.template?.spec;
      for (const c of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
        const [name, tag] = c.image.split(':');
        if (name === image.name) c.image = `${image.newName ?? name}:${image.newTag ?? tag}`;
      }
    }
  }
  for (const { target, patch, ...rest } of k.patches ?? []) {
    assert.deepEqual(Object.keys(rest), [], 'patches: target + inline JSON 6902 patch only');
    const matches = objects.filter((o) => o.kind === target.kind && o.metadata.name === target.name);
    assert.equal(matches.length, 1, `patch target ${target.kind}/${target.name}`);
    fastJsonPatch.applyPatch(matches[0], parse(patch), true, true);
  }
  return objects;
}

const MODELS = { ConfigMap, Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget, Ingress, NetworkPolicy };
const OVERLAYS = { base: path.join(k8sDir, 'base'), production: path.join(k8sDir, 'overlays/production') };
const rendered = Object.fromEntries(Object.entries(OVERLAYS).map(([name, dir]) => [name, render(dir)]));

const find = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const deployments = (objects) => objects.filter((o) => o.kind === 'Deployment');
const containerOf = (d) => d.spec.template.spec.containers[0];
const routeTable = readdirSync(path.join(root, 'shared-contracts/src/domains'))
  .map((domain) => readFileSync(path.join(root, 'shared-contracts/src/domains', domain, 'routes.ts'), 'utf8'))
  .join('\n');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });

for (const [overlay, objects] of Object.entries(rendered)) {
  test(`${overlay}: every object is valid against the Kubernetes OpenAPI schemas`, () => {
    assert.equal(objects.length, 26);
    for (const o of objects) {
      const Model = MODELS[o.kind];
      assert.ok(Model, `${o.kind}/${o.metadata?.name}: a kind this test validates`);
      assert.equal(o.apiVersion, Model.apiVersion, `${o.kind}/${o.metadata.name}: apiVersion`);
      assert.doesNotThrow(() => new Model(o).validate(), `${o.kind}/${o.metadata.name}`);
      assert.match(o.metadata.name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'DNS-1123 name');
    }
    const keys = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    assert.equal(new Set(keys).size, keys.length, 'no two objects share kind and name');
    if (overlay === 'production') for (const o of objects) assert.equal(o.metadata.namespace, 'exchange');
  });

  test(`${overlay}: Services select their Deployment's pods, on a port the container names`, () => {
    for (const svc of objects.filter((o) => o.kind === 'Service')) {
      const d = find(objects, 'Deployment', svc.metadata.name);
      assert.ok(d, `Service ${svc.metadata.name} has a Deployment of the same name`);
      const labels = d.spec.template.metadata.labels;
      for (const [k, v] of Object.entries(svc.spec.selector)) assert.equal(labels[k], v, `Service ${svc.metadata.name} selector ${k}`);
      assert.deepEqual(d.spec.selector.matchLabels, svc.spec.selector, `Deployment ${d.metadata.name}: selector`);
      for (const port of svc.spec.ports) {
        assert.ok(
          containerOf(d).ports.some((p) => p.name === port.targetPort),
          `${svc.metadata.name}: targetPort ${port.targetPort}`,
        );
        assert.notEqual(port.targetPort, 'metrics', 'metrics are never in a Service');
      }
    }
    const hpas = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler');
    // the fewest pods a Deployment runs: its HPA's minReplicas, or its own replicas
    const fewest = (d) => hpas.find((h) => h.spec.scaleTargetRef.name === d.metadata.name)?.spec.minReplicas ?? d.spec.replicas;
    for (const d of deployments(objects)) {
      assert.ok(find(objects, 'PodDisruptionBudget', d.metadata.name), `${d.metadata.name}: a PodDisruptionBudget`);
    }
    for (const pdb of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
      const d = find(objects, 'Deployment', pdb.metadata.name);
      assert.equal(pdb.spec.maxUnavailable, undefined, `PDB ${pdb.metadata.name}: minAvailable or maxUnavailable, not both`);
      assert.deepEqual(pdb.spec.selector.matchLabels, d.spec.selector.matchLabels, `PDB ${pdb.metadata.name}`);
      assert.ok(pdb.spec.minAvailable < fewest(d), `PDB ${pdb.metadata.name}: minAvailable ${pdb.spec.minAvailable} < replicas ${fewest(d)}`);
    }
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'api');
    assert.deepEqual(hpa.spec.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' });
    const pdb = find(objects, 'PodDisruptionBudget', 'api');
    assert.ok(pdb.spec.minAvailable < hpa.spec.minReplicas, 'the HPA never scales to a count the PDB blocks every drain at');
    assert.ok(hpa.spec.minReplicas >= 2 && hpa.spec.maxReplicas > hpa.spec.minReplicas);
    for (const h of hpas) {
      const d = find(objects, 'Deployment', h.spec.scaleTargetRef.name);
      assert.equal(d.spec.replicas, undefined, `${d.metadata.name}: no replicas beside its HPA (each apply would reset the count)`);
    }
  });

  test(`${overlay}: api probes on the health calls, drain inside the grace period, metrics annotated`, () => {
    const api = find(objects, 'Deployment', 'api');
    const c = containerOf(api);
    assert.ok(find(objects, 'HorizontalPodAutoscaler', 'api').spec.minReplicas >= 2, 'two or more api replicas');
    for (const name of ['api', 'web']) {
      const d = find(objects, 'Deployment', name);
      const spread = d.spec.template.spec.topologySpreadConstraints ?? [];
      for (const key of ['kubernetes.io/hostname', 'topology.kubernetes.io/zone']) {
        const c = spread.find((x) => x.topologyKey === key);
        assert.ok(c, `${name}: pods spread over ${key}`);
        assert.deepEqual(c.labelSelector.matchLabels, d.spec.selector.matchLabels, `${name}: spread counts its own pods`);
        assert.equal(c.maxSkew, 1);
      }
    }
    const apiConfig = find(objects, 'ConfigMap', 'exchange-api-config').data;
    const paths = { liveness: c.livenessProbe.httpGet.path, readiness: c.readinessProbe.httpGet.path, startup: c.startupProbe.httpGet.path };
    assert.equal(paths.liveness, '/api/v1/healthz', 'liveness must not depend on the database');
    assert.equal(paths.startup, '/api/v1/healthz');
    assert.equal(paths.readiness, '/api/v1/health');
    for (const p of Object.values(paths)) assert.ok(routeTable.includes(`path: '${p}'`), `${p} is in shared-contracts (src/domains/*/routes.ts)`);
    const port = c.ports.find((p) => p.name === 'http').containerPort;
    assert.equal(String(port), apiConfig.API_PORT);
    assert.equal(String(port), compose.services.api.environment.API_PORT, 'same port as docker-compose.yml');
    assert.equal(compose.services.web.environment.API_URL, `http://api:${port}`);
    assert.equal(find(objects, 'ConfigMap', 'exchange-web-config').data.API_URL, `http://api:${port}`);
    assert.deepEqual(c.command, compose.services.api.command, 'the same command as compose');
    assert.equal(c.workingDir, compose.services.api.working_dir);

    for (const [name, metricsVar, config] of [
      ['api', 'METRICS_PORT', apiConfig],
      ['web', 'WEB_METRICS_PORT', find(objects, 'ConfigMap', 'exchange-web-config').data],
    ]) {
      const d = find(objects, 'Deployment', name);
      const ctr = containerOf(d);
      const metrics = ctr.ports.find((p) => p.name === 'metrics').containerPort;
      assert.equal(String(metrics), config[metricsVar], `${name}: ${metricsVar}`);
      assert.equal(String(metrics), compose.services[name].environment[metricsVar], `${name}: ${metricsVar} as in compose`);
      assert.equal(config.METRICS_HOST, '0.0.0.0', `${name}: metrics on the pod address for the scraper`);
      assert.deepEqual(d.spec.template.metadata.annotations, {
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(metrics),
        'prometheus.io/path': '/metrics',
      });
      const sleep = Number(ctr.lifecycle.preStop.exec.command.at(-1));
      assert.ok(sleep >= 3, `${name}: preStop sleep lets endpoints drain`);
      assert.ok(
        d.spec.template.spec.terminationGracePeriodSeconds * 1000 > sleep * 1000 + Number(config.SHUTDOWN_TIMEOUT_MS),
        `${name}: terminationGracePeriodSeconds above preStop + SHUTDOWN_TIMEOUT_MS`,
      );
      assert.equal(config.LOG_LEVEL, 'info', '§9: info');
      assert.ok(ctr.resources.requests.cpu && ctr.resources.requests.memory && ctr.resources.limits.memory, `${name}: resources`);
      assert.equal(d.spec.strategy.rollingUpdate.maxUnavailable, 0, `${name}: a rollout keeps the serving count`);
    }
  });

  test(`${overlay}: web is the only public entry; each remote is its own Deployment on its devPort`, () => {
    const ingress = objects.filter((o) => o.kind === 'Ingress');
    assert.equal(ingress.length, 1);
    const rules = ingress[0].spec.rules;
    const backends = rules.map((r) => r.http.paths[0].backend.service.name);
    assert.ok(!backends.includes('api'), 'the api is never public');
    // and inside the cluster only web reaches its http port (the metrics port stays open for the scraper)
    const policy = find(objects, 'NetworkPolicy', 'api');
    const apiDeployment = find(objects, 'Deployment', 'api');
    assert.deepEqual(policy.spec.podSelector.matchLabels, apiDeployment.spec.selector.matchLabels);
    const httpRule = policy.spec.ingress.find((r) => r.ports.some((p) => p.port === 'http'));
    assert.deepEqual(httpRule.from, [{ podSelector: { matchLabels: find(objects, 'Deployment', 'web').spec.selector.matchLabels } }]);
    for (const rule of policy.spec.ingress)
      for (const p of rule.ports)
        assert.ok(
          containerOf(apiDeployment).ports.some((c) => c.name === p.port),
          `NetworkPolicy port ${p.port}`,
        );
    assert.equal(backends[0], 'web');
    const web = find(objects, 'Deployment', 'web');
    assert.equal(containerOf(web).ports.find((p) => p.name === 'http').containerPort, SHELL_DEV_PORT);
    const webEnv = find(objects, 'ConfigMap', 'exchange-web-config').data;
    assert.equal(new URL(webEnv.PUBLIC_ORIGIN).host, rules[0].host, "web's PUBLIC_ORIGIN is the Ingress host");
    assert.equal(find(objects, 'ConfigMap', 'exchange-api-config').data.PUBLIC_ORIGIN, webEnv.PUBLIC_ORIGIN);

    const remoteDeployments = deployments(objects)
      .filter((d) => d.metadata.labels['app.kubernetes.io/component'] === 'remote')
      .map((d) => d.metadata.name)
      .sort();
    assert.deepEqual(remoteDeployments, REMOTES.map((r) => r.dir).sort());
    for (const r of REMOTES) {
      const d = find(objects, 'Deployment', r.dir);
      const c = containerOf(d);
      assert.deepEqual(c.command, compose.services[r.dir].command, `${r.dir}: the same command as compose`);
      assert.deepEqual(c.command, ['node', 'tooling/static-server.mjs', `${r.dir}/dist`, String(r.devPort)]);
      assert.equal(c.ports[0].containerPort, r.devPort, `${r.dir}: devPort of remotes.cjs`);
      assert.equal(d.spec.template.spec.shareProcessNamespace, true, `${r.dir}: SIGTERM reaches a node that is not PID 1`);
      assert.ok(d.spec.replicas >= 2, `${r.dir}: two replicas`);
      assert.equal(find(objects, 'PodDisruptionBudget', r.dir).spec.minAvailable, 1, `${r.dir}: a drain takes one pod at a time`);
      assert.equal(find(objects, 'Service', r.dir).spec.ports[0].port, r.devPort);
      const key = `REMOTE_${r.name.toUpperCase()}`;
      // production (issue 24): web fetches server code over https only, from the remote's public host
      if (overlay === 'production') assert.equal(webEnv[`${key}_SERVER_URL`], undefined, `${key}_SERVER_URL: none in production`);
      else assert.equal(webEnv[`${key}_SERVER_URL`], `http://${r.dir}:${r.devPort}`, `${key}_SERVER_URL: the Service`);
      const publicHost = new URL(webEnv[`${key}_URL`]).host;
      const rule = rules.find((x) => x.host === publicHost);
      assert.ok(rule, `${key}_URL ${webEnv[`${key}_URL`]} has an Ingress rule`);
      assert.equal(rule.http.paths[0].backend.service.name, r.dir, `${publicHost} goes to Service ${r.dir}`);
    }
  });

  test(`${overlay}: secrets come from the Secret exchange-secrets, never from a committed value`, () => {
    assert.ok(!objects.some((o) => o.kind === 'Secret'), 'no Secret is committed');
    const api = containerOf(find(objects, 'Deployment', 'api'));
    assert.deepEqual(api.envFrom.map((e) => e.secretRef?.name).filter(Boolean), ['exchange-secrets']);
    for (const cm of objects.filter((o) => o.kind === 'ConfigMap')) {
      for (const key of Object.keys(cm.data)) {
        // a remote team's public signing key (REMOTE_<NAME>_PUBLIC_KEY, issue 24) is configuration, not a secret
        assert.doesNotMatch(
          key,
          /SECRET|PASSWORD|TOKEN|(?<!_PUBLIC)_KEY$|DATABASE_URL|REDIS_URL|SMTP_URL/,
          `${cm.metadata.name}: ${key} belongs in the Secret`,
        );
      }
    }
    for (const d of deployments(objects)) {
      const pod = d.spec.template.spec;
      // the OpenAPI schemas accept unknown fields (a misspelt probe would be dropped silently): each is required here
      for (const field of ['readinessProbe', 'livenessProbe', 'lifecycle', 'resources', 'securityContext', 'ports', 'command', 'image']) {
        assert.ok(containerOf(d)[field], `${d.metadata.name}: container ${field}`);
      }
      assert.equal(pod.securityContext.runAsNonRoot, true, `${d.metadata.name}: non-root`);
      assert.equal(containerOf(d).securityContext.allowPrivilegeEscalation, false, `${d.metadata.name}`);
    }
  });
}

test('production overlay: real mode, the registry image, TLS, the Secret keys documented', () => {
  const objects = rendered.production;
  const apiConfig = find(objects, 'ConfigMap', 'exchange-api-config').data;
  assert.equal(apiConfig.SANDBOX_MODE, 'false');
  assert.match(apiConfig.PUBLIC_ORIGIN, /^https:\/\//, 'the api refuses real mode without an https origin');
  for (const d of deployments(objects)) assert.match(containerOf(d).image, /^registry\.example\.com\/exchange\/exchange-site:\d/);
  const ingress = find(objects, 'Ingress', 'exchange');
  const tlsHosts = ingress.spec.tls.flatMap((t) => t.hosts);
  for (const rule of ingress.spec.rules) {
    assert.ok(
      tlsHosts.some((h) => h === rule.host || (h.startsWith('*.') && rule.host.endsWith(h.slice(1)) && !rule.host.slice(0, -h.length + 1).includes('.'))),
      `TLS covers ${rule.host}`,
    );
  }
  assert.equal(rendered.base.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'exchange-api-config').data.SANDBOX_MODE, 'true');
  // issue 24: web in production (https PUBLIC_ORIGIN) needs every remote's team public key and https remote URLs
  const webConfig = find(objects, 'ConfigMap', 'exchange-web-config').data;
  assert.match(webConfig.PUBLIC_ORIGIN, /^https:\/\//);
  for (const r of REMOTES) {
    const key = `REMOTE_${r.name.toUpperCase()}`;
    assert.ok(webConfig[`${key}_PUBLIC_KEY`], `${key}_PUBLIC_KEY is set`);
    assert.match(webConfig[`${key}_URL`], /^https:\/\//, `${key}_URL is https`);
  }
  const example = readFileSync(path.join(k8sDir, 'secret.example.env'), 'utf8');
  const keys = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]);
  assert.deepEqual(keys.sort(), ['DATABASE_URL', 'DATA_ENCRYPTION_KEY', 'JWT_SECRET', 'REDIS_URL', 'SANDBOX_TOKEN', 'SMTP_URL']);
  assert.ok(!existsSync(path.join(k8sDir, 'secret.env')) || readFileSync(path.join(k8sDir, '.gitignore'), 'utf8').includes('secret.env'));
  const tracked = spawnSync('git', ['ls-files', 'deploy/k8s'], { cwd: root, encoding: 'utf8' }).stdout;
  assert.doesNotMatch(tracked, /secret\.env\b(?!\.)|(^|\/)secret\.env$/m, 'secret.env is never committed');
});

const kubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

test('kubectl kustomize renders the same objects', { skip: !kubectl && 'kubectl is not installed: the offline renderer above stands alone' }, () => {
  const byKey = (objects) => Object.fromEntries(objects.map((o) => [`${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, o]));
  for (const [overlay, dir] of Object.entries(OVERLAYS)) {
    const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const theirs = parseAllDocuments(run.stdout).map((d) => d.toJS());
    assert.deepEqual(byKey(theirs), byKey(rendered[overlay]), `${overlay}: kubectl kustomize and this test's render agree`);
  }
});
