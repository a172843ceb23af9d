/*
 * A stand-in of Stripe.js (https://js.stripe.com/basil/stripe.js) for browser tests ONLY (decision 074): the browser
 * tests have no internet, so they route js.stripe.com, api.stripe.com and hooks.stripe.com to the Stripe fake
 * (tests/helpers/stripe-fake.ts), which serves this file. It implements exactly what the checkout page uses, the way
 * Stripe.js does it:
 *   Stripe(publishableKey, {locale})      `Stripe.version` is the release train @stripe/stripe-js expects
 *   stripe.elements({locale}).create('card')
 *   card.mount(el) / on('change'|'ready') / off / focus / destroy
 *                                         the card fields live in their own frame from js.stripe.com
 *                                         (card-frame.html): the card number never enters the shop's page
 *   stripe.confirmCardPayment(clientSecret, {payment_method: {card, billing_details}})
 *                                         the card frame confirms the PaymentIntent at api.stripe.com with the
 *                                         publishable key and the client secret; a 3-D Secure card opens the bank's
 *                                         test page from hooks.stripe.com (three-d-secure.html) in a modal frame;
 *                                         resolves {paymentIntent} or {error} as Stripe.js does
 *   stripe.retrievePaymentIntent(clientSecret)
 * Never served to shoppers: the app loads Stripe's own script from js.stripe.com.
 */
(function () {
  'use strict';
  var JS = 'https://js.stripe.com';
  var API = 'https://api.stripe.com/v1';
  var HOOKS = 'https://hooks.stripe.com';
  var DECLINED = { es: 'Se rechazó tu tarjeta.', en: 'Your card was declined.' };
  var AUTH_FAILED = {
    es: 'No pudimos autenticar tu método de pago. Elige otro método de pago e inténtalo de nuevo.',
    en: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  };
  var INCOMPLETE = { es: 'El número de tu tarjeta está incompleto.', en: 'Your card number is incomplete.' };
  var frames = 0;

  function query(params) {
    return new URLSearchParams(params).toString();
  }
  function lang(locale) {
    return locale === 'en' ? 'en' : 'es';
  }

  /** The card Element: a frame from js.stripe.com holding the fields, spoken to with postMessage. */
  function createCard(locale) {
    var id = 'card-' + ++frames;
    var handlers = {};
    var iframe = null;
    var pending = {};
    var seq = 0;
    function emit(type, payload) {
      (handlers[type] || []).forEach(function (fn) {
        fn(payload);
      });
    }
    function onMessage(e) {
      if (e.origin !== JS || !e.data || e.data.standIn !== id) return;
      var d = e.data;
      if (d.type === 'change')
        emit('change', {
          elementType: 'card',
          empty: d.empty,
          complete: d.complete,
          error: d.error || undefined,
          brand: d.brand,
        });
      else if (d.type === 'ready') emit('ready', { elementType: 'card' });
      else if (d.type === 'focus' || d.type === 'blur') emit(d.type, { elementType: 'card' });
      else if (d.type === 'confirmed' && pending[d.request]) {
        pending[d.request](d.result);
        delete pending[d.request];
      }
    }
    var element = {
      _standIn: true,
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('IntegrationError: the mount target does not exist.');
        iframe = document.createElement('iframe');
        iframe.name = '__privateStripeFrame' + id;
        iframe.title = locale === 'en' ? 'Secure card payment input frame' : 'Campo seguro para el pago con tarjeta';
        iframe.src = JS + '/v3/elements-inner-card.html#' + query({ id: id, locale: lang(locale) });
        iframe.setAttribute('frameborder', '0');
        iframe.setAttribute('allowtransparency', 'true');
        iframe.style.cssText = 'border:0;width:100%;height:1.6em;display:block;background:transparent';
        window.addEventListener('message', onMessage);
        host.appendChild(iframe);
      },
      unmount: function () {
        window.removeEventListener('message', onMessage);
        if (iframe && iframe.parentNode) iframe.parentNode.removeChild(iframe);
        iframe = null;
      },
      destroy: function () {
        element.unmount();
        handlers = {};
      },
      on: function (type, fn) {
        (handlers[type] = handlers[type] || []).push(fn);
        return element;
      },
      off: function (type, fn) {
        handlers[type] = (handlers[type] || []).filter(function (h) {
          return h !== fn;
        });
        return element;
      },
      update: function () {},
      focus: function () {
        if (iframe && iframe.contentWindow) iframe.contentWindow.postMessage({ standIn: id, type: 'focus' }, JS);
      },
      /** Asks the card frame to confirm the intent with the card it holds; resolves {paymentIntent} or {error}. */
      _confirm: function (key, clientSecret) {
        if (!iframe || !iframe.contentWindow)
          return Promise.resolve({
            error: { type: 'validation_error', code: 'incomplete_number', message: INCOMPLETE[lang(locale)] },
          });
        var request = ++seq;
        return new Promise(function (resolve) {
          pending[request] = resolve;
          iframe.contentWindow.postMessage(
            { standIn: id, type: 'confirm', request: request, key: key, clientSecret: clientSecret },
            JS,
          );
        });
      },
    };
    return element;
  }

  /** The bank's test 3-D Secure page from hooks.stripe.com, in a modal frame; resolves once it is answered. */
  function challenge(intentId, clientSecret, locale) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', '3D Secure');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center';
      var frame = document.createElement('iframe');
      frame.name = '__privateStripeFrame3ds';
      frame.title = '3D Secure';
      frame.src =
        HOOKS +
        '/3d_secure/challenge.html#' +
        query({ pi: intentId, client_secret: clientSecret, locale: lang(locale) });
      frame.style.cssText = 'border:0;background:#fff;width:min(400px,92vw);height:min(420px,80vh);border-radius:8px';
      overlay.appendChild(frame);
      function onMessage(e) {
        if (e.origin !== HOOKS || !e.data || e.data.standIn3ds !== intentId) return;
        window.removeEventListener('message', onMessage);
        overlay.parentNode && overlay.parentNode.removeChild(overlay);
        resolve();
      }
      window.addEventListener('message', onMessage);
      document.body.appendChild(overlay);
    });
  }

  function Stripe(publishableKey, options) {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey))
      throw new Error('IntegrationError: Invalid API Key provided: ' + publishableKey);
    var locale = (options && options.locale) || 'auto';

    function retrieve(clientSecret) {
      var intentId = String(clientSecret).split('_secret_')[0];
      return fetch(
        API + '/payment_intents/' + intentId + '?' + query({ key: publishableKey, client_secret: clientSecret }),
        {
          credentials: 'omit',
        },
      ).then(function (r) {
        return r.json();
      });
    }
    /** Stripe.js's answer for an intent: an error when the attempt failed (with the intent), else the intent. */
    function outcome(pi) {
      if (pi.error) return { error: pi.error };
      var e = pi.last_payment_error;
      if (e && pi.status === 'requires_payment_method') {
        var message = e.code === 'payment_intent_authentication_failure' ? AUTH_FAILED : DECLINED;
        return {
          error: {
            type: e.type,
            code: e.code,
            decline_code: e.decline_code,
            message: message[lang(locale)],
            payment_intent: pi,
          },
        };
      }
      return { paymentIntent: pi };
    }

    return {
      _registerWrapper: function () {},
      elements: function (opts) {
        var elementsLocale = (opts && opts.locale) || locale;
        return {
          create: function (type) {
            if (type !== 'card') throw new Error('The Stripe.js stand-in only has the card Element, not ' + type);
            return createCard(elementsLocale);
          },
        };
      },
      confirmCardPayment: function (clientSecret, data) {
        var card = data && data.payment_method && data.payment_method.card;
        if (!card || !card._standIn)
          return Promise.reject(new Error('IntegrationError: confirmCardPayment needs payment_method.card'));
        return card._confirm(publishableKey, clientSecret).then(function (res) {
          if (res.error) return { error: res.error };
          var pi = res.paymentIntent;
          if (pi.status !== 'requires_action') return outcome(pi);
          return challenge(pi.id, clientSecret, locale)
            .then(function () {
              return retrieve(clientSecret);
            })
            .then(outcome);
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        return retrieve(clientSecret).then(function (pi) {
          return pi.error ? { error: pi.error } : { paymentIntent: pi };
        });
      },
    };
  }
  Stripe.version = 'basil';
  window.Stripe = Stripe;
})();
