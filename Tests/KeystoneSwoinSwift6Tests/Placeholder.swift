import KeystoneSwoin
import Testing
