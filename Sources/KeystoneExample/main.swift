import Keystone

print("hi")
