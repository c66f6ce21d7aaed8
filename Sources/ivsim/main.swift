print("ivsim")
