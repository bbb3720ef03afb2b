// ListServer — ListServer
print("ListServer")
