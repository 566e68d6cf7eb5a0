/**
 * @jest-environment node
 */
// Every component renders on the server (no window or document during render), and an open-by-default Dialog or a
// RelativeTime print the same markup whatever the server's clock and time zone.
import { renderToString } from 'react-dom/server';
import { RelativeTime } from '../format';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  Checkbox,
  CopyButton,
  Dialog,
  LiveRegion,
  Select,
  Skeleton,
  Spinner,
  Stepper,
  Table,
  Tabs,
  TextField,
  Toast,
  VisuallyHidden,
} from './index';

it('renders every component to a string in Node', () => {
  const html = renderToString(
    <>
      <Button loading>Save</Button>
      <ButtonLink href="/x">Go</ButtonLink>
      <TextField label="Address" hint="Your wallet" error="Wrong" />
      <Select label="Coin" options={[{ value: 'btc', label: 'Bitcoin' }]} />
      <Checkbox label="I agree" />
      <Tabs
        ariaLabel="Sections"
        value="a"
        items={[
          { id: 'a', label: 'A' },
          { id: 'b', label: 'B', href: '/b' },
        ]}
      />
      <Card title="Title">Body</Card>
      <Badge tone="success">Done</Badge>
      <Dialog open title="Confirm" onClose={() => undefined}>
        Sure?
      </Dialog>
      <Table columns={[{ key: 'a', header: 'A' }]} rows={[]} empty="Nothing yet" caption="Orders" captionHidden />
      <Skeleton lines={3} />
      <Toast tone="danger" title="Failed" onClose={() => undefined} closeLabel="Close" />
      <CopyButton value="addr" label="Copy address" copiedLabel="Copied" />
      <Stepper steps={[{ id: 'one', label: 'One' }]} current="one" />
      <VisuallyHidden>hidden</VisuallyHidden>
      <LiveRegion>message</LiveRegion>
      <Spinner label="Loading" />
      <RelativeTime value="2026-11-23T03:16:20.002Z" locale="en" />
    </>,
  );
  expect(html).toContain('role="dialog"');
  expect(html).toContain('Nothing yet');
  // the exact time in UTC until the browser takes over
  expect(html).toMatch(/datetime="2026-11-23T03:16:20.002Z"/i);
  expect(html).toMatch(/Nov 23, 2026.*03:16:20.*UTC/);
});
