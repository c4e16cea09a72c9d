// Stub of the WPT harness script /resources/testdriver-actions.js: Sightline's conformance test reads the rendered page, it runs no WPT assertions.
