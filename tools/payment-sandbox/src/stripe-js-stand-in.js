// The payment sandbox's stand-in for Stripe.js v3: the subset @stripe/react-stripe-js and the product's
// card form use (a card Element, createPaymentMethod, confirmCardPayment), talking to the sandbox's API
// with the publishable key. stripe-js-routes.ts serves it inside a function, after card-rules.js and a
// `SANDBOX_DEFAULT_ORIGIN` constant, so that the UI code is the same for the sandbox and for real Stripe.
/* global SANDBOX_DEFAULT_ORIGIN, digitsOnly, cardBrand, cardNumberLengths, cvcLength, cardNumberState, fullYear, expiryIsPast */

// The sandbox's base URL is this script's own origin.
const apiOrigin = (function scriptOrigin() {
  const script = document.currentScript;
  if (script && script.src) {
    try {
      const origin = new URL(script.src).origin;
      if (/^https?:/.test(origin)) return origin;
    } catch {
      // fall through to the origin the server saw
    }
  }
  return SANDBOX_DEFAULT_ORIGIN;
})();

function integrationError(message) {
  const error = new Error(message);
  error.name = 'IntegrationError';
  return error;
}

/** Stripe's form encoding: nested keys in brackets, lists as `key[0]`. */
function encodeForm(params) {
  const pairs = [];
  const add = (key, value) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === 'object')
      Object.keys(value).forEach((name) => add(`${key}[${name}]`, value[name]));
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  Object.keys(params).forEach((name) => add(name, params[name]));
  return pairs.join('&');
}

async function callApi(key, method, path, params) {
  const query = method === 'GET' ? `?${encodeForm(params)}` : '';
  try {
    const response = await fetch(`${apiOrigin}${path}${query}`, {
      method,
      headers:
        method === 'GET'
          ? { Authorization: `Bearer ${key}` }
          : { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : encodeForm(params),
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) return { body };
    return {
      error: body.error || { type: 'api_error', message: `The payment sandbox answered ${response.status}.` },
    };
  } catch {
    return {
      error: {
        type: 'api_connection_error',
        message: `Could not reach the payment sandbox at ${apiOrigin}.`,
      },
    };
  }
}

const numberGroups = { amex: [4, 6, 5], diners: [4, 6, 4] };

function formatCardNumber(digits, brand) {
  const groups = numberGroups[brand] && digits.length <= 15 ? numberGroups[brand] : [4, 4, 4, 4, 3];
  const parts = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

function formatExpiry(digits) {
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

const validation = (code, message) => ({ type: 'validation_error', code, message });

/** The card as typed: its parts, whether it is complete, and the error Stripe.js would report. */
function readCard(values, now, strict) {
  const number = digitsOnly(values.number);
  const brand = cardBrand(number);
  const expiry = digitsOnly(values.expiry);
  const cvc = digitsOnly(values.cvc);
  const month = Number(expiry.slice(0, 2));
  const year = Number(expiry.slice(2, 4));
  const numberState = cardNumberState(number);
  let error;
  if (numberState === 'invalid') error = validation('invalid_number', 'Your card number is invalid.');
  else if (expiry.length >= 2 && (month < 1 || month > 12))
    error = validation('invalid_expiry_month', "Your card's expiration date is invalid.");
  else if (expiry.length === 4 && expiryIsPast(month, year, now))
    error = validation('invalid_expiry_year_past', "Your card's expiration year is in the past.");
  else if (strict && numberState !== 'complete')
    error = validation('incomplete_number', 'Your card number is incomplete.');
  else if (strict && expiry.length < 4)
    error = validation('incomplete_expiry', "Your card's expiration date is incomplete.");
  else if (strict && cvc.length < cvcLength(brand))
    error = validation('incomplete_cvc', "Your card's security code is incomplete.");
  const complete =
    !error && numberState === 'complete' && expiry.length === 4 && cvc.length === cvcLength(brand);
  return {
    brand,
    complete,
    empty: number === '' && expiry === '' && cvc === '',
    error,
    card: { number, exp_month: month, exp_year: fullYear(year), cvc },
  };
}

/**
 * The card field's words by the Elements' `locale`: English, and Bangla (which real Stripe does not
 * translate; the stand-in draws it so a Bangla page can be checked whole).
 */
const fieldWords = {
  en: {
    group: 'Card details',
    number: 'Card number',
    expiry: 'Expiration date MM / YY',
    mmyy: 'MM / YY',
    cvc: 'CVC',
  },
  bn: {
    group: 'কার্ডের তথ্য',
    number: 'কার্ড নম্বর',
    expiry: 'মেয়াদ শেষের তারিখ মাস / বছর',
    mmyy: 'মাস / বছর',
    cvc: 'সিভিসি',
  },
};
const wordsFor = (locale) => fieldWords[String(locale || 'en').slice(0, 2)] || fieldWords.en;

const defaultClasses = {
  base: 'StripeElement',
  complete: 'StripeElement--complete',
  empty: 'StripeElement--empty',
  focus: 'StripeElement--focus',
  invalid: 'StripeElement--invalid',
};

class CardElement {
  constructor(elements, options) {
    this._elements = elements;
    this._options = { ...options };
    this._handlers = {};
    this._node = null;
    this._root = null;
    this._inputs = null;
    this._destroyed = false;
    this._lastError = undefined;
  }

  mount(target) {
    if (this._destroyed)
      throw integrationError('This Element has already been destroyed. Please create a new one.');
    if (this._node) {
      throw integrationError(
        'This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.',
      );
    }
    const node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node || typeof node.appendChild !== 'function') {
      throw integrationError(
        `The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.`,
      );
    }
    this._node = node;
    this._root = this._render();
    node.appendChild(this._root);
    this._applyOptions();
    this._refreshClasses(readCard(this._values(), new Date(), false), false);
    setTimeout(() => this._emit('ready', { elementType: 'card' }), 0);
  }

  unmount() {
    if (!this._node) return;
    this._root.remove();
    const classes = this._classes();
    this._node.classList.remove(
      ...Object.values(classes).flatMap((name) => name.split(/\s+/).filter(Boolean)),
    );
    this._node = null;
    this._root = null;
    this._inputs = null;
  }

  destroy() {
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
    this._elements._forget(this);
  }

  on(event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  }

  once(event, handler) {
    const wrapper = (payload) => {
      this.off(event, wrapper);
      handler(payload);
    };
    return this.on(event, wrapper);
  }

  off(event, handler) {
    if (!handler) delete this._handlers[event];
    else this._handlers[event] = (this._handlers[event] || []).filter((registered) => registered !== handler);
    return this;
  }

  update(options) {
    Object.assign(this._options, options);
    this._applyOptions();
  }

  clear() {
    if (!this._inputs) return;
    for (const input of Object.values(this._inputs)) input.value = '';
    this._changed();
  }

  focus() {
    if (this._inputs) this._inputs.number.focus();
  }

  blur() {
    if (this._root && this._root.contains(document.activeElement)) document.activeElement.blur();
  }

  /** Card details for the API, or the validation error Stripe.js would resolve with instead. */
  _cardForApi() {
    if (!this._inputs) {
      return {
        error: integrationError(
          'We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.',
        ),
      };
    }
    const state = readCard(this._values(), new Date(), true);
    return state.error ? { error: state.error } : { card: state.card };
  }

  _values() {
    const inputs = this._inputs;
    return inputs
      ? { number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value }
      : { number: '', expiry: '', cvc: '' };
  }

  _emit(event, payload) {
    for (const handler of (this._handlers[event] || []).slice()) {
      try {
        handler(payload);
      } catch (error) {
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }

  _classes() {
    return { ...defaultClasses, ...(this._options.classes || {}) };
  }

  _refreshClasses(state, focused) {
    if (!this._node) return;
    const classes = this._classes();
    const toggle = (name, on) =>
      name
        .split(/\s+/)
        .filter(Boolean)
        .forEach((part) => this._node.classList.toggle(part, on));
    toggle(classes.base, true);
    toggle(classes.complete, state.complete);
    toggle(classes.empty, state.empty);
    toggle(classes.invalid, Boolean(state.error));
    toggle(classes.focus, focused);
  }

  _changed() {
    const state = readCard(this._values(), new Date(), false);
    this._lastError = state.error;
    this._refreshClasses(state, this._root ? this._root.contains(document.activeElement) : false);
    this._emit('change', {
      elementType: 'card',
      empty: state.empty,
      complete: state.complete,
      error: state.error,
      brand: state.brand,
      value: { postalCode: '' },
    });
    return state;
  }

  _applyOptions() {
    if (!this._inputs) return;
    const base = (this._options.style && this._options.style.base) || {};
    for (const input of Object.values(this._inputs)) {
      input.disabled = Boolean(this._options.disabled);
      if (base.color) input.style.color = base.color;
      if (base.fontSize) input.style.fontSize = base.fontSize;
      if (base.fontFamily) input.style.fontFamily = base.fontFamily;
    }
  }

  _render() {
    const root = document.createElement('div');
    root.className = 'SandboxCardElement';
    root.setAttribute('role', 'group');
    const words = wordsFor(this._elements._options.locale);
    root.setAttribute('aria-label', words.group);
    root.style.cssText = 'display:flex;gap:0.5em;align-items:center;width:100%;';
    const field = (name, label, placeholder, autocomplete, flex) => {
      const input = document.createElement('input');
      input.type = 'text';
      input.name = name;
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.inputMode = 'numeric';
      input.spellcheck = false;
      input.style.cssText = `flex:${flex};min-width:0;border:0;outline:0;background:transparent;font:inherit;color:inherit;padding:0;`;
      root.appendChild(input);
      return input;
    };
    const number = field('cardnumber', words.number, '1234 1234 1234 1234', 'cc-number', '1 1 12em');
    const expiry = field('exp-date', words.expiry, words.mmyy, 'cc-exp', '0 0 5em');
    const cvc = field('cvc', words.cvc, words.cvc, 'cc-csc', '0 0 3.5em');
    this._inputs = { number, expiry, cvc };

    number.addEventListener('input', () => {
      const brand = cardBrand(number.value);
      const longest = Math.max(...cardNumberLengths(brand));
      number.value = formatCardNumber(digitsOnly(number.value).slice(0, longest), brand);
      this._changed();
      if (cardNumberState(number.value) === 'complete' && digitsOnly(number.value).length === longest) {
        expiry.focus();
      }
    });
    expiry.addEventListener('input', (event) => {
      let digits = digitsOnly(expiry.value).slice(0, 4);
      if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
      const deleting = event.inputType && event.inputType.startsWith('delete');
      expiry.value = digits.length === 2 && !deleting ? `${digits} / ` : formatExpiry(digits);
      this._changed();
      if (digits.length === 4 && !this._lastError) cvc.focus();
    });
    cvc.addEventListener('input', () => {
      cvc.value = digitsOnly(cvc.value).slice(0, cvcLength(cardBrand(number.value)));
      this._changed();
    });
    root.addEventListener('focusin', (event) => {
      if (!root.contains(event.relatedTarget)) {
        this._refreshClasses(readCard(this._values(), new Date(), false), true);
        this._emit('focus', { elementType: 'card' });
      }
    });
    root.addEventListener('focusout', (event) => {
      if (!root.contains(event.relatedTarget)) {
        this._refreshClasses(readCard(this._values(), new Date(), false), false);
        this._emit('blur', { elementType: 'card' });
      }
    });
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this._emit('escape', { elementType: 'card' });
    });
    return root;
  }
}

class Elements {
  constructor(options) {
    this._options = { ...options };
    this._byType = {};
  }

  create(type, options) {
    if (type !== 'card') {
      throw integrationError(
        `The payment sandbox's Stripe.js supports only the 'card' Element, not '${type}'.`,
      );
    }
    if (this._byType.card) throw integrationError('Can only create one Element of type card.');
    const element = new CardElement(this, options);
    this._byType.card = element;
    return element;
  }

  /** By type name or by a react-stripe-js component (which carries `__elementType`). */
  getElement(typeOrComponent) {
    const type =
      typeof typeOrComponent === 'string'
        ? typeOrComponent
        : typeOrComponent && typeOrComponent.__elementType;
    return this._byType[type] || null;
  }

  update(options) {
    Object.assign(this._options, options);
  }

  fetchUpdates() {
    return Promise.resolve({});
  }

  submit() {
    return Promise.resolve({});
  }

  _forget(element) {
    for (const type of Object.keys(this._byType))
      if (this._byType[type] === element) delete this._byType[type];
  }
}

function intentIdFrom(clientSecret, method) {
  const match =
    typeof clientSecret === 'string' ? /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9_-]+$/.exec(clientSecret) : null;
  if (!match) {
    throw integrationError(
      `Invalid value for ${method}: clientSecret should be a client secret of the form \${id}_secret_\${secret}. You specified: ${String(clientSecret)}.`,
    );
  }
  return match[1];
}

function cardDetails(card) {
  if (card instanceof CardElement) return card._cardForApi();
  throw integrationError('The payment sandbox accepts only a card Element as `card`.');
}

function Stripe(publishableKey, options) {
  if (!(this instanceof Stripe)) return new Stripe(publishableKey, options);
  if (typeof publishableKey !== 'string' || publishableKey === '') {
    throw integrationError(
      `Invalid value for Stripe(): apiKey should be a string. You specified: ${String(publishableKey)}.`,
    );
  }
  if (/^sk_/.test(publishableKey)) {
    throw integrationError(
      'You should not use your secret key with Stripe.js. Please pass a publishable key instead.',
    );
  }
  const key = publishableKey;

  this.elements = (elementsOptions) => new Elements(elementsOptions);

  this.createPaymentMethod = async (paramsOrType, maybeCard, maybeData) => {
    const params =
      typeof paramsOrType === 'string' ? { ...maybeData, type: paramsOrType, card: maybeCard } : paramsOrType;
    if (!params || params.type !== 'card') {
      throw integrationError("The payment sandbox's Stripe.js creates payment methods of type 'card' only.");
    }
    const details = cardDetails(params.card);
    if (details.error) return { error: details.error };
    const result = await callApi(key, 'POST', '/v1/payment_methods', {
      type: 'card',
      card: details.card,
      billing_details: params.billing_details,
      metadata: params.metadata,
    });
    return result.error ? { error: result.error } : { paymentMethod: result.body };
  };

  this.confirmCardPayment = async (clientSecret, data, confirmOptions) => {
    void confirmOptions; // { handleActions } only matters for 3-D Secure, which the sandbox never asks for
    const id = intentIdFrom(clientSecret, 'confirmCardPayment');
    const body = { client_secret: clientSecret };
    const paymentMethod = data && data.payment_method;
    if (typeof paymentMethod === 'string') body.payment_method = paymentMethod;
    else if (paymentMethod && typeof paymentMethod === 'object') {
      const details = cardDetails(paymentMethod.card);
      if (details.error) return { error: details.error };
      body.payment_method_data = {
        type: 'card',
        card: details.card,
        billing_details: paymentMethod.billing_details,
      };
    }
    if (data && data.receipt_email) body.receipt_email = data.receipt_email;
    if (data && data.return_url) body.return_url = data.return_url;
    const result = await callApi(key, 'POST', `/v1/payment_intents/${id}/confirm`, body);
    return result.error ? { error: result.error } : { paymentIntent: result.body };
  };

  this.retrievePaymentIntent = async (clientSecret) => {
    const id = intentIdFrom(clientSecret, 'retrievePaymentIntent');
    const result = await callApi(key, 'GET', `/v1/payment_intents/${id}`, { client_secret: clientSecret });
    return result.error ? { error: result.error } : { paymentIntent: result.body };
  };

  // No 3-D Secure in the sandbox: there is never an action to handle.
  this.handleCardAction = this.retrievePaymentIntent;
  this.handleNextAction = ({ clientSecret }) => this.retrievePaymentIntent(clientSecret);

  this.createToken = async () => ({
    error: {
      type: 'invalid_request_error',
      message: 'The payment sandbox does not support tokens: use createPaymentMethod.',
    },
  });

  this.registerAppInfo = () => {};
  this._registerWrapper = () => {};
  this._sandbox = { apiOrigin };
}

// @stripe/stripe-js 10 expects the 'endive' release of Stripe.js; matching it keeps its console quiet.
Stripe.version = 'endive';
window.Stripe = Stripe;
