import KeystoneZerk
import Testing
