// The card flow's chunk (issue 27): what the details form loads on demand for a fiat sender, store and dialogs together.
export { CardFlowStore } from './CardFlowStore';
export { CardFlowModals } from './CardFlowModals';
