the command BEGIN ran was seen

