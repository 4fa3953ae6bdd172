// Unit, engine and bench tests run the optimiser pass in Node: its LZW encoder is loaded once per test file.
import '../support/node-lzw';
