/* global document, location, window */
// Offline page: picks its text by the browser's languages and retries when the
// connection returns. The content service (where every other text lives) cannot be
// reached offline, so these five short texts are kept here, one per site locale.
(function () {
  'use strict';

  var TEXTS = {
    en: {
      title: 'You are offline',
      text: 'Croupier needs an internet connection. Check your connection and try again.',
      retry: 'Try again',
    },
    es: {
      title: 'Sin conexión',
      text: 'Croupier necesita conexión a internet. Comprueba tu conexión e inténtalo de nuevo.',
      retry: 'Reintentar',
    },
    'pt-BR': {
      title: 'Você está offline',
      text: 'O Croupier precisa de conexão com a internet. Verifique sua conexão e tente novamente.',
      retry: 'Tentar novamente',
    },
    de: {
      title: 'Keine Verbindung',
      text: 'Croupier benötigt eine Internetverbindung. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
      retry: 'Erneut versuchen',
    },
    fr: {
      title: 'Vous êtes hors ligne',
      text: 'Croupier a besoin d’une connexion Internet. Vérifiez votre connexion et réessayez.',
      retry: 'Réessayer',
    },
  };

  // First browser language that matches a site locale; any Portuguese gets pt-BR.
  function pickLocale(languages) {
    for (var i = 0; i < languages.length; i += 1) {
      var base = String(languages[i]).toLowerCase().split('-')[0];
      if (base === 'pt') return 'pt-BR';
      if (Object.prototype.hasOwnProperty.call(TEXTS, base)) return base;
    }
    return 'en';
  }

  var languages =
    navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  var locale = pickLocale(languages);
  var texts = TEXTS[locale];

  document.documentElement.lang = locale;
  document.title = texts.title + ' · Croupier';
  var nodes = document.querySelectorAll('[data-text]');
  for (var i = 0; i < nodes.length; i += 1) {
    var key = nodes[i].getAttribute('data-text');
    if (texts[key]) nodes[i].textContent = texts[key];
  }

  // Opened directly (not in place of a failed page): retry goes to the home page.
  var direct = location.pathname === '/offline.html';
  var retry = document.querySelector('.offline__retry');
  if (retry && direct) retry.setAttribute('href', '/');

  window.addEventListener('online', function () {
    if (direct) location.assign('/');
    else location.reload();
  });
})();
