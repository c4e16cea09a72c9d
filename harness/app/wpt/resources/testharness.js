// Stub of the WPT harness script /resources/testharness.js: Sightline's conformance test reads the rendered page, it runs no WPT assertions.
