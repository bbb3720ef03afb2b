// A Settings bundle's text fields and sliders (PSTextFieldSpecifier, PSSliderSpecifier): a text field saves its
// value on Enter or when it loses the focus, as UITextField's editing ends; a slider saves when it is let go
// (`change`; moved by keys, on Enter or when it loses the focus), as a UISlider that is not continuous does. Each is one updateRows batch of the row's `value`.
import { batch } from './editing.js';
import { sayTheirs } from './messages.js';
import { $, dom, state } from './state.js';

/// The value a control holds, as the row stores it: a slider's number, a field's text.
const valueOf = control => control.type === 'range' ? Number(control.value) : control.value;

/// Saves a control's value when it changed since it was drawn (its `defaultValue` is the value the server sent).
async function save(control) {
  const row = control.closest('[role=row]');
  if (!row || control.value === control.defaultValue) return;
  const drawn = control.defaultValue;
  control.defaultValue = control.value; // saved once, whichever of Enter and blur comes first
  if (!(await batch({ updateRows: [{ id: +row.dataset.rowId, fields: { value: valueOf(control) } }] }))) {
    control.defaultValue = control.value = drawn;
    if (control.type === 'range') fill(control);
  }
}

/// A slider's track is filled in the tint up to its thumb, as UISlider's minimum track is (`--fill`, which the
/// server writes as it draws the slider).
const fill = slider =>
  slider.style.setProperty('--fill', `${((slider.value - slider.min) / (slider.max - slider.min || 1)) * 100}%`);

/// Puts a text field's caret after its text, as a tap into a UITextField does; a slider has none.
function caretAtEnd(control) {
  if (control.dataset.action === 'text') control.setSelectionRange?.(control.value.length, control.value.length);
}

/// An arrow key moves a slider by a tenth of its range, as VoiceOver's increment moves a UISlider (the browser's
/// own step is a hundredth, a hundred presses from end to end); with Shift, by a hundredth.
function nudge(event) {
  const slider = event.target, min = +slider.min, max = +slider.max;
  const sign = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : -1;
  const step = ((max - min) / (event.shiftKey ? 100 : 10)) * sign;
  event.preventDefault();
  slider.value = String(Math.min(max, Math.max(min, +slider.value + step)));
  fill(slider);
  slider.dispatchEvent(new Event('input', { bubbles: true }));
}

/// Someone else changed the field being typed in (windows.js keeps the person's draft through the redraw): their
/// value is said beside the field, with a button that takes it (as Escape does). The draft stays; saved (Enter,
/// or leaving the field), it is written over theirs, as it is made on the version that brought theirs, and every
/// page shows it. A field not typed in yet just takes their value.
state.draftMet = (field, row) => {
  const theirs = field.dataset.action === 'text' && $('input[data-action=text]', row)?.defaultValue;
  if (typeof theirs !== 'string' || theirs === field.defaultValue) return;
  const typed = field.value !== field.defaultValue, content = field.closest('.rc');
  field.defaultValue = theirs; // what Escape goes back to, and what a save is told apart from
  if (!typed || field.value === theirs) return (field.value = theirs), sayTheirs(content, null);
  sayTheirs(content, theirs);
};
/// Takes their value into the field, which keeps the focus (the button takes none: a blur would save the draft).
function takeTheirs(button) {
  const field = $('input[data-action=text]', button.closest('.rc'));
  button.closest('.theirs').remove();
  field.value = field.defaultValue;
  field.focus(), caretAtEnd(field);
}

const isControl = target => target?.matches?.('input[data-action=text], input[data-action=slide]');

/// The slider the keys are moving: each key is a `change`, but it is saved when the keys let it go (Enter, or
/// the focus leaving it), as a drag is when the pointer lets go; a save redraws its row, which would take the
/// focus from under the next key.
let sliding = null;
const slidingKeys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];

// A click on a text field's row, its title or the space beside the field, starts editing the field, as a tap
// on the row does in the Settings app.
dom.scroller?.addEventListener('click', event => {
  const theirs = event.target.closest?.('[data-action=theirs]');
  if (theirs) return takeTheirs(theirs);
  const row = event.target.closest?.('[role=row][data-accessory=textField]'), field = row?.querySelector('input[data-action=text]');
  if (field && event.target !== field && !event.defaultPrevented) field.focus(), caretAtEnd(field);
});
// The first tap into a field puts the caret after its text, wherever the tap lands, as in a UITextField (in a
// right-aligned field a tap left of the text put it first, and what was typed went before the value).
dom.scroller?.addEventListener('pointerdown', event => {
  if (event.target.closest?.('[data-action=theirs]')) return event.preventDefault(); // the field keeps the focus
  const field = event.target.closest?.('input[data-action=text]');
  if (!field || field === document.activeElement || event.button) return;
  event.preventDefault();
  field.focus(), caretAtEnd(field);
});
dom.scroller?.addEventListener('change', event => isControl(event.target) && event.target !== sliding && save(event.target));
dom.scroller?.addEventListener('focusout', event => {
  if (event.target.dataset?.action === 'text') delete event.target.closest('[role=row]')?.dataset.keyed;
  if (event.target === sliding) (sliding = null), save(event.target);
});
dom.scroller?.addEventListener('input', event => event.target.type === 'range' && fill(event.target));
dom.scroller?.addEventListener('keydown', event => {
  const target = event.target, row = target.closest?.('[role=row]');
  // Enter on a row with a field or a slider goes into it, as a tap on the row would.
  if (!isControl(target)) {
    const control = event.key === 'Enter' && target === row && row.querySelector('input[data-action]');
    if (control) {
      event.preventDefault(), event.stopPropagation();
      // A field entered from the keyboard keeps its row's ring (interaction.css) until it loses the focus.
      if (control.dataset.action === 'text') row.dataset.keyed = '';
      control.focus(), caretAtEnd(control);
    }
    return;
  }
  event.stopPropagation(); // the control's keys are its own, not the grid's
  if (target.type === 'range' && slidingKeys.includes(event.key)) (sliding = target), event.key.startsWith('Arrow') && nudge(event);
  if (event.key === 'Enter') (sliding = null), save(target), row?.focus();
  if (event.key === 'Escape') {
    sliding = null;
    $('.theirs', row)?.remove();
    (target.value = target.defaultValue), target.type === 'range' && fill(target), row?.focus();
  }
});
